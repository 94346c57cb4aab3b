"""bench/answers-fifth: the answering check set, typeset with ConTeXt (MkIV, `context`).

Run with Debian's python: /usr/bin/python3 bench/answers-fifth/make.py
Writes five PDFs beside this script (sources in a temporary folder). All facts are invented.
"""
import os, shutil, subprocess, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

DOCS = {}

DOCS["rules-larkspur-rowing-club"] = r"""
\setuppapersize[A4]
\setupbodyfont[pagella,11pt]
\setuphead[section][style=\bfa,before={\blank[big]},after={\blank}]
\setuphead[subject][style=\bfb]
\setuppagenumbering[location={footer,middle}]
\starttext
\startsubject[title={Larkspur Rowing Club: Club Rules}]
{\it Adopted at the general meeting of 14 March 2025.}
\stopsubject

\startsection[title={Name and purpose}]
1.1 The club shall be called Larkspur Rowing Club (the Club).

1.2 The purpose of the Club is to promote rowing on the River Wend for people of all ages and abilities.
\stopsection

\startsection[title={Membership}]
2.1 Membership is open to anyone aged 11 or over who can swim 50 metres in light clothing.

2.2 Junior members (those under 18) need the written consent of a parent or guardian.

2.3 The annual fees are: full member £240; junior member £95; social member £40. Fees fall due on 1 October each year.

2.4 A member whose fee is more than 60 days overdue may be suspended by the Committee.
\stopsection

\startsection[title={The Committee}]
3.1 The Committee consists of the Chair, the Secretary, the Treasurer, the Captain and up to four ordinary members.

3.2 Committee members are elected at the Annual General Meeting and serve a term of two years.

3.3 The Committee meets at least six times a year. Five members form a quorum.
\stopsection
\page
\startsection[title={Safety on the water}]
4.1 No crew may go afloat when the level gauge at Mill Bridge reads above 1.8 metres.

4.2 Coxswains shall wear a lifejacket at all times while on the water.

4.3 Outings after sunset require a white light at bow and stern and the permission of the Captain.
\stopsection

\startsection[title={General meetings}]
5.1 The Annual General Meeting is held in November. At least 21 days' notice shall be given to all members.

5.2 A special general meeting may be called by the Secretary on the written request of fifteen members.

5.3 Changes to these rules need a two-thirds majority of the members present and voting.
\stopsection

\startsection[title={Dissolution}]
6.1 If the Club is wound up, any remaining assets shall pass to another amateur rowing club or to a charity that promotes water safety.
\stopsection
\stoptext
"""

DOCS["safety-report-northfield-depot"] = r"""
\setuppapersize[A4]
\setupbodyfont[dejavu,10pt]
\setuphead[section][style={\ss\bf\tfa}]
\starttext
{\ss\bf\tfc Northfield Depot\par}
{\ss\tfb Quarterly Safety Report, Q3 2026\par}
\blank
Prepared by Halima Osei, Health and Safety Officer. Issued 9 October 2026.
\blank
\startsection[title={Summary}]
During the third quarter of 2026 the depot recorded 41 reported events, against 53 in the second quarter. There were two lost-time injuries, both in August, which together cost 17 working days. No incident was reportable to the regulator.
\stopsection
\startsection[title={Causes}]
Most near misses involved vehicles reversing in the loading yard. Since 4 August a banksman has been assigned to the yard for the whole of the morning shift.
\stopsection
\startsection[title={Actions}]
Convex mirrors are to be fitted at gate 3; the owner of this action is Tomasz Brandt and it is due by 30 November 2026. Refresher training in manual handling will be given to all warehouse staff by 15 December 2026, led by Halima Osei.
\stopsection
\page
\startsection[title={Events by month}]
\bTABLE[frame=off,bottomframe=on,offset=1.5mm]
\bTR[topframe=on] \bTD {\bf Month} \eTD \bTD {\bf Near misses} \eTD \bTD {\bf Minor injuries} \eTD \bTD {\bf Lost-time injuries} \eTD \bTD {\bf Vehicle damage} \eTD \eTR
\bTR \bTD July \eTD \bTD 9 \eTD \bTD 3 \eTD \bTD 0 \eTD \bTD 2 \eTD \eTR
\bTR \bTD August \eTD \bTD 12 \eTD \bTD 2 \eTD \bTD 2 \eTD \bTD 1 \eTD \eTR
\bTR \bTD September \eTD \bTD 7 \eTD \bTD 1 \eTD \bTD 0 \eTD \bTD 2 \eTD \eTR
\bTR \bTD {\bf Quarter} \eTD \bTD 28 \eTD \bTD 6 \eTD \bTD 2 \eTD \bTD 5 \eTD \eTR
\eTABLE
\blank
Table 1: events recorded at the depot in July, August and September 2026.
\stopsection
\stoptext
"""

DOCS["newsletter-elmstead-orchestra"] = r"""
\setuppapersize[A4]
\setupbodyfont[termes,10pt]
\starttext
{\bfd The Downbeat\par}
{\tfa Newsletter of the Elmstead Community Orchestra, Spring 2027\par}
{\it By Rosalind Achebe, Chair\par}
\blank[big]
\startcolumns[n=2]
{\bf A record winter concert.} Our winter concert at St Aldric's Church on 6 February raised £1,870 for the Elmstead food bank, our best total yet. Thank you to the 212 people who came despite the snow.

{\bf A new conductor.} After eleven years with us, Graham Pell will lay down his baton in July. The committee has appointed Ines Varga, at present assistant conductor of the Trent Valley Sinfonia, to succeed him from September.

{\bf Rehearsals.} We rehearse on Tuesday evenings from 7.30 pm to 9.45 pm in the Elmstead Community Hall. From April we move to the hall's larger upstairs room.

{\bf Subscriptions.} The termly subscription remains £65; students and players under 18 play free of charge.

{\bf Summer concert.} Dvořák's Eighth Symphony and Elgar's Serenade for Strings, on Saturday 19 June 2027 at 7 pm in Elmstead Parish Church. Tickets £12, children free.

{\bf Players wanted.} We are short of violas and of a second bassoon. If you know anyone, please ask them to contact our librarian, Mei Lin Zhou.
\stopcolumns
\blank[big]
{\bf Concerts in 2027}
\blank
\bTABLE[offset=1mm]
\bTR \bTD {\bf Date} \eTD \bTD {\bf Venue} \eTD \bTD {\bf Programme} \eTD \eTR
\bTR \bTD 19 June 2027 \eTD \bTD Elmstead Parish Church \eTD \bTD Dvořák Symphony No. 8; Elgar Serenade \eTD \eTR
\bTR \bTD 23 October 2027 \eTD \bTD Corn Exchange, Harwick \eTD \bTD Sibelius Finlandia; Brahms Symphony No. 2 \eTD \eTR
\bTR \bTD 11 December 2027 \eTD \bTD St Aldric's Church \eTD \bTD Carols; Tchaikovsky Nutcracker Suite \eTD \eTR
\eTABLE
\stoptext
"""

DOCS["letter-brackenfield-rent-review"] = r"""
\setuppapersize[A4]
\setupbodyfont[heros,10pt]
\setupwhitespace[medium]
\starttext
\startalignment[flushright]
{\bf Brackenfield Housing Co-operative}\\
4 Tanner's Row\\
Kelbrook KB2 7QT
\stopalignment
\blank[big]
Mr Joel Ferreira\\
Flat 3, 18 Orchard Lane\\
Kelbrook KB4 1DN

\blank
2 March 2027

Dear Mr Ferreira,

{\bf Rent review for Flat 3, 18 Orchard Lane}

Following the annual review approved by our members on 20 February, your weekly rent will rise from £142.50 to £148.20 from Monday 5 April 2027. Service charges stay at £11.00 a week.

If you pay by standing order, please change it before the new rent is due. Tenants paying by direct debit need do nothing: we will adjust the amount ourselves.

If you would like to discuss the increase, our tenancy officer, Priya Nandakumar, holds drop-in sessions at the co-operative office every Thursday from 10 am to 1 pm.

Yours sincerely,

\blank[big]
Callum Reid\\
Finance Manager
\stoptext
"""

DOCS["guide-hollin-garden-bench"] = r"""
\setuppapersize[A4]
\setupbodyfont[schola,10pt]
\setuphead[subsection][style=\bfa]
\starttext
{\bfc Hollin garden bench\par}
{\tfa Assembly guide\par}
\blank
Two people are needed to put the bench together; allow about 45 minutes. You will need a 13 mm spanner and a cross-head screwdriver (not supplied).
\startsubsection[title={In the box}]
\bTABLE[offset=1mm]
\bTR \bTD {\bf Part} \eTD \bTD {\bf Description} \eTD \bTD {\bf Qty} \eTD \eTR
\bTR \bTD A \eTD \bTD Seat slat \eTD \bTD 5 \eTD \eTR
\bTR \bTD B \eTD \bTD Back slat \eTD \bTD 4 \eTD \eTR
\bTR \bTD C \eTD \bTD Leg frame \eTD \bTD 2 \eTD \eTR
\bTR \bTD D \eTD \bTD Armrest \eTD \bTD 2 \eTD \eTR
\bTR \bTD E \eTD \bTD Bolt M8 x 60 \eTD \bTD 16 \eTD \eTR
\bTR \bTD F \eTD \bTD Wood screw 4 x 40 \eTD \bTD 24 \eTD \eTR
\eTABLE
\stopsubsection
\startsubsection[title={Steps}]
\startitemize[n]
\item Stand the two leg frames (C) upright, about 1.2 metres apart.
\item Lay the seat slats (A) across the frames and fix each with four wood screws (F).
\item Bolt the back slats (B) to the rear uprights, starting from the top; tighten the bolts (E) by hand only.
\item Fix each armrest (D) to the top of the leg frames with two bolts (E).
\item Check that the bench stands level, then tighten every bolt with the spanner.
\stopitemize
\stopsubsection
\startsubsection[title={Use and care}]
The bench seats three adults and carries a maximum load of 250 kg. Treat the wood with garden furniture oil once a year, in spring. The frame is guaranteed against rot for five years from the date of purchase; keep your receipt.
\stopsubsection
\stoptext
"""


def main() -> None:
    work = tempfile.mkdtemp(prefix="answers-fifth-")
    try:
        for name, source in DOCS.items():
            tex = os.path.join(work, f"{name}.tex")
            with open(tex, "w", encoding="utf-8") as f:
                f.write(source.lstrip())  # ConTeXt stops on a file that opens with an empty line
            subprocess.run(["context", "--batchmode", "--purgeall", f"{name}.tex"], cwd=work, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            shutil.copy(os.path.join(work, f"{name}.pdf"), os.path.join(HERE, f"{name}.pdf"))
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Builds the held-out answering PDFs with ReportLab (not pdf-lib). Text is original, CC0."""
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet, ParagraphStyle
from reportlab.lib import colors
from reportlab.platypus import SimpleDocTemplate, Paragraph, Spacer, Table, TableStyle, PageBreak, ListFlowable, ListItem

ss = getSampleStyleSheet()
body = ParagraphStyle("b", parent=ss["BodyText"], fontName="Times-Roman", fontSize=11, leading=14)
h = ss["Heading2"]
ruled = TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"), ("FONTSIZE", (0, 0), (-1, -1), 9)])
plain = TableStyle([("FONTNAME", (0, 0), (-1, 0), "Courier-Bold"), ("FONTNAME", (0, 1), (-1, -1), "Courier"), ("FONTSIZE", (0, 0), (-1, -1), 9), ("LINEBELOW", (0, 0), (-1, 0), 0.3, colors.grey)])

def P(t, s=body): return Paragraph(t, s)

def build(name, story):
    SimpleDocTemplate(name, pagesize=A4).build(story)

build("trial-summary.pdf", [
    P("Clinical Trial Summary: LUMEN-2", ss["Title"]),
    P("LUMEN-2 was a randomised, double-blind trial of the inhaled drug veratrolin in adults with moderate asthma. "
      "It was sponsored by Halvard Therapeutics and ran at 14 sites in Norway and Denmark between 3 February 2023 and 19 September 2024. "
      "The principal investigator was Dr. Ingrid Solberg of Bergen University Hospital."),
    P("Enrolment", h),
    P("A total of 412 patients were randomised: 206 to veratrolin and 206 to placebo. Forty-one patients withdrew before week 24."),
    Table([["Arm", "Enrolled", "Completed", "Withdrawn (%)"], ["Veratrolin 200 mcg", "206", "188", "8.7%"], ["Placebo", "206", "183", "11.2%"], ["Total", "412", "371", "10.0%"]], style=ruled),
    PageBreak(),
    P("Outcomes", h),
    P("The primary endpoint was the change in FEV1 from baseline at week 24. Veratrolin improved FEV1 by 182 mL against 41 mL on placebo (p = 0.003)."),
    Table([["Endpoint", "Veratrolin", "Placebo"], ["FEV1 change (mL)", "182", "41"], ["Exacerbations per patient-year", "0.38", "0.71"], ["Rescue inhaler use (puffs/day)", "1.4", "2.6"]], style=plain),
    P("Safety", h),
    P("The most common adverse event was headache, reported by 9.2% of patients on veratrolin. No deaths occurred. "
      "The data monitoring committee was chaired by Prof. Mads Kjeldsen."),
])

build("lease-agreement.pdf", [
    P("Commercial Lease Agreement", ss["Title"]),
    P("This lease is made on 1 June 2025 between Orchard Row Properties Ltd (the Landlord) and Tidewater Bakery LLP (the Tenant) "
      "for Unit 4, 27 Canal Street, Leeds LS2 7EH."),
    P("Clause 1. Term", h),
    P("The lease runs for a term of five years starting on 1 July 2025 and ending on 30 June 2030."),
    P("Clause 2. Rent", h),
    P("The annual rent is £28,500, payable in equal quarterly instalments in advance. Rent is reviewed on the third anniversary of the start date."),
    P("Clause 3. Deposit", h),
    P("The Tenant pays a security deposit of £7,125 on signing, held by the Landlord's agent, Beckett & Rowe."),
    PageBreak(),
    P("Clause 4. Break option", h),
    P("The Tenant may end this lease on 30 June 2028 by giving at least six months' written notice."),
    P("Clause 5. Repairs", h),
    P("The Tenant keeps the interior in good repair; the Landlord is responsible for the roof and structural walls."),
    P("Clause 6. Late payment", h),
    P("Rent unpaid 14 days after the due date carries interest at 4% above the Bank of England base rate."),
])

build("council-budget.pdf", [
    P("Riverton City Council: Budget Summary 2026", ss["Title"]),
    P("The council approved its 2026 budget on 12 December 2025. Net spending rises to $184.6 million. "
      "The budget was presented by finance director Laura Mendez."),
    Table([["Service\n(USD million)", "2024", "2025", "2026"], ["Public safety", "52.1", "54.8", "57.3"], ["Roads and transport", "31.4", "33.0", "35.9"],
           ["Parks and libraries", "18.2", "18.9", "19.4"], ["Housing", "24.7", "27.5", "30.2"], ["Administration", "42.0", "41.6", "41.8"], ["Total", "168.4", "175.8", "184.6"]], style=ruled),
    PageBreak(),
    P("Property tax", h),
    P("The property tax rate increases from 1.12% to 1.18% of assessed value. A household in a median home of $310,000 will pay about $186 more per year."),
    P("Capital projects", h),
    ListFlowable([ListItem(P("Replacement of the Fifth Avenue bridge: $12.4 million, finishing in 2028.")),
                  ListItem(P("New branch library in Eastgate: $6.1 million.")),
                  ListItem(P("LED street lighting across all wards: $2.3 million."))], bulletType="bullet"),
])

from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate
def build2(name, story):
    d = BaseDocTemplate(name, pagesize=A4)
    w = (d.width - 18) / 2
    d.addPageTemplates([PageTemplate(frames=[Frame(d.leftMargin, d.bottomMargin, w, d.height), Frame(d.leftMargin + w + 18, d.bottomMargin, w, d.height)])])
    d.build(story)

sans = ParagraphStyle("s", parent=body, fontName="Helvetica", fontSize=9.5, leading=12)
teams = ["Harbourside Rovers", "Kestrel United", "Millbrook Athletic", "Northgate Wanderers", "Ashby Town", "Fenwick Albion", "Redcliffe City", "Oakham Rangers"]
rows = [["Pos", "Club", "P", "W", "D", "L", "Pts"]]
pts = [71, 66, 60, 55, 49, 44, 38, 31]
for i, (t, p) in enumerate(zip(teams, pts)):
    w = p // 3 - 1; dr = p - 3 * w; l = 34 - w - dr
    rows.append([str(i + 1), t, "34", str(w), str(dr), str(l), str(p)])
league = [P("Valley Football League: Season Review 2025", ss["Title"]),
          P("Harbourside Rovers won the 2025 title on the final day, beating Kestrel United 2-1 at Quayside Park on 18 October 2025. "
            "Their striker Tomasz Wójcik finished as top scorer with 27 goals. Coach Elena Varga was named manager of the season.", sans),
          P("Average attendance across the league rose to 3,840, up 6.5% on the previous season. The highest crowd, 11,204, watched the derby at Redcliffe City.", sans),
          Table(rows, style=ruled),
          P("Oakham Rangers were relegated and will be replaced by Dunmore Park, champions of the regional division.", sans)]
for k in range(1, 40):
    league.append(P(f"Round {k}: fixtures were played as scheduled; the disciplinary panel met on the following Tuesday.", sans))
league.append(P("The league's annual general meeting will take place on 14 February 2026 in Millbrook.", sans))
build2("league-review.pdf", league)

build("incident-postmortem.pdf", [
    P("Post-mortem: Payment API outage, 8 April 2026", ss["Title"]),
    P("Summary", h),
    P("Between 09:14 and 11:02 UTC the payment API returned errors for 38% of requests. The outage lasted 108 minutes. "
      "About 21,600 card payments failed. The incident commander was Priya Raman."),
    P("Root cause", h),
    P("A certificate on the internal database proxy expired. Renewal had been automated, but the renewal job ran in the retired Frankfurt region."),
    P("Action items", h),
    Table([["Action", "Owner", "Due date"], ["Move renewal job to Dublin region", "Chen Wei", "22 April 2026"], ["Alert 30 days before any certificate expiry", "Olu Adeyemi", "6 May 2026"], ["Run failover drill", "Priya Raman", "3 June 2026"]], style=ruled),
])

from reportlab.platypus import LongTable
galleries = [
    ("Gallery 1", "Ground floor", "The Salt Roads", "trade routes that carried salt from Hallstatt to the Baltic", "Agnes Thorvald", "a bronze salt scoop from around 800 BC"),
    ("Gallery 2", "Ground floor", "Weavers of Flanders", "the cloth towns of Ghent and Ypres", "Pieter Claes", "a 15th-century loom rebuilt in 2019"),
    ("Gallery 3", "First floor", "Glass and Light", "Venetian and Bohemian glassmaking", "Lucia Ferrante", "the Murano chandelier bought in 1934"),
    ("Gallery 4", "First floor", "Clockmakers", "town clocks and pocket watches from Geneva and London", "Henri Dufour", "a skeleton clock that still strikes every quarter hour"),
    ("Gallery 5", "First floor", "The Printing House", "early printing in Mainz and Antwerp", "Marta Kowalczyk", "a leaf of a 1460s bible"),
    ("Gallery 6", "Second floor", "Ships and Harbours", "model ships and navigation instruments", "Johan Eriksen", "a brass astrolabe signed in Lisbon"),
    ("Gallery 7", "Second floor", "Porcelain Rooms", "tableware from Meissen and Sèvres", "Claire Beaumont", "a swan service plate from 1738"),
    ("Gallery 8", "Second floor", "Modern Craft", "studio pottery and furniture since 1950", "Yusuf Demir", "a walnut chair by the Danish maker Ole Vinding"),
]
story = [P("Meridian Museum of Crafts: Visitor Guide", ss["Title"]),
         P("The Meridian Museum of Crafts stands on Kingsway Square in Norwich. It opens from 10:00 to 17:30, Tuesday to Sunday, and until 21:00 on the first Thursday of each month. "
           "Admission is £14 for adults, £9 for students and free for children under 16. The museum closes on 25 and 26 December."),
         P("Guided tours start at 11:00 and 14:30 from the main hall and last about 75 minutes. Wheelchairs can be borrowed free of charge at the cloakroom."),
         P("The café on the ground floor serves lunch from 12:00 to 15:00. The shop sells catalogues, prints and replicas; members receive a 10% discount."),
         PageBreak()]
for i, (g, fl, name, subj, cur, star) in enumerate(galleries):
    story += [P(f"{g}: {name}", h), P(f"Location: {fl}. Curator: {cur}."),
              P(f"This gallery tells the story of {subj}. Look out for {star}. Audio guide stop {101 + i} gives a three-minute introduction.")]
    if i % 2 == 1: story.append(PageBreak())
loans = [["Object no.", "Object", "Lender", "On loan\nuntil"]]
lenders = ["Rijksmuseum", "V&A", "Musée des Arts décoratifs", "Kunstgewerbemuseum Berlin", "National Museum of Denmark"]
objs = ["tapestry fragment", "enamel box", "glass goblet", "pocket watch", "printed herbal", "ship model", "teapot", "side table", "salt cellar", "lace collar"]
for n in range(1, 71):
    loans.append([f"L-{2000 + n * 7}", f"{objs[n % 10].capitalize()} ({1500 + (n * 13) % 480})", lenders[n % 5], f"{1 + n % 28} {['March', 'June', 'September', 'December'][n % 4]} {2026 + n % 3}"])
story += [P("Objects on loan", h), P("The following objects are lent by other museums."),
          LongTable(loans, repeatRows=1, style=ruled)]
build("museum-guide.pdf", story)

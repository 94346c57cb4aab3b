#!/usr/bin/python3
# The second answering tuning set (bench/answers-second): PDFs set with ReportLab's platypus
# (flowing paragraphs, tables with their own rules, a letterhead), unlike bench/answers' pdf-lib
# drawing, plus one real public text (the Apache License 2.0 from /usr/share/common-licenses).
# Facts of the invented documents are invented. Questions are in qa-set.json beside this file,
# written from the text. Run with Debian's python: /usr/bin/python3 bench/answers-second/make.py
import os
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.styles import getSampleStyleSheet, ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (SimpleDocTemplate, Paragraph, Spacer, Table, TableStyle, PageBreak)
from reportlab.rl_config import invariant

import reportlab.rl_config
reportlab.rl_config.invariant = 1  # same bytes every run

HERE = os.path.dirname(os.path.abspath(__file__))
ss = getSampleStyleSheet()
body = ParagraphStyle("body", parent=ss["BodyText"], fontName="Times-Roman", fontSize=11, leading=14)
small = ParagraphStyle("small", parent=body, fontSize=9, leading=11)
h1 = ss["Heading1"]
h2 = ss["Heading2"]


def build(name, story, pagesize=A4, footer=None):
    def on_page(canvas, doc):
        if footer:
            canvas.saveState()
            canvas.setFont("Helvetica", 8)
            canvas.drawString(20 * mm, 12 * mm, footer.format(page=doc.page))
            canvas.restoreState()
    doc = SimpleDocTemplate(os.path.join(HERE, name), pagesize=pagesize, leftMargin=22 * mm,
                            rightMargin=22 * mm, topMargin=20 * mm, bottomMargin=20 * mm,
                            title=name, author="bench", creator="bench", producer="bench")
    doc.build(story, onFirstPage=on_page, onLaterPages=on_page)


def grid(rows, widths, header=True, numbers_from=1):
    t = Table(rows, colWidths=widths, repeatRows=1 if header else 0)
    style = [("FONT", (0, 0), (-1, -1), "Helvetica", 9),
             ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
             ("ALIGN", (numbers_from, 1), (-1, -1), "RIGHT")]
    if header:
        style += [("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 9),
                  ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dddddd"))]
    t.setStyle(TableStyle(style))
    return t


def lines(rows, widths):
    """A table with rules only above and below the header and at the foot (booktabs style)."""
    t = Table(rows, colWidths=widths)
    t.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "Times-Roman", 10),
                           ("FONT", (0, 0), (-1, 0), "Times-Bold", 10),
                           ("LINEABOVE", (0, 0), (-1, 0), 1, colors.black),
                           ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
                           ("LINEBELOW", (0, -1), (-1, -1), 1, colors.black),
                           ("ALIGN", (1, 1), (-1, -1), "RIGHT")]))
    return t


P = lambda t, s=body: Paragraph(t, s)

# 1. A business letter: letterhead, addresses, date, subject, body, signature.
head = ParagraphStyle("head", parent=body, fontName="Helvetica-Bold", fontSize=14, leading=17)
build("letter-quayside-lease.pdf", [
    P("Quayside Property Partners Ltd", head),
    P("14 Chandlers Row, Bristol BS1 4QA &middot; 0117 496 0321", small),
    Spacer(1, 14 * mm),
    P("Ms Imogen Trask<br/>Operations Director<br/>Halyard Coffee Roasters<br/>Unit 3, Wapping Wharf<br/>Bristol BS1 6WP"),
    Spacer(1, 8 * mm),
    P("9 October 2026"),
    Spacer(1, 5 * mm),
    P("<b>Re: Renewal of the lease on Unit 3, Wapping Wharf</b>"),
    Spacer(1, 3 * mm),
    P("Dear Ms Trask,"),
    P("Thank you for your letter of 22 September asking to renew the lease on Unit 3, which ends on 31 January 2027. "
      "We are pleased to offer a new lease of five years starting on 1 February 2027."),
    P("The annual rent under the new lease will be &pound;28,400, payable quarterly in advance, an increase of 6 per cent "
      "on the present rent. The rent will be reviewed once, at the end of the third year, in line with the retail price index. "
      "The deposit of &pound;7,100 that we already hold will carry over to the new lease."),
    P("We will repaint the shopfront and replace the roller shutter before the new term begins, at our own cost. "
      "You would remain responsible for the interior fittings and for the coffee roaster's extraction flue, which must be "
      "inspected by a qualified engineer every twelve months."),
    P("The offer is open until 15 November 2026. If you wish to accept it, please sign and return the enclosed heads of terms, "
      "and our solicitors, Pryce &amp; Merrow LLP, will send the draft lease within ten working days."),
    P("Yours sincerely,"),
    Spacer(1, 10 * mm),
    P("Daniel Okafor<br/>Head of Commercial Lettings"),
    P("Enclosure: heads of terms (2 pages)", small),
], footer="Quayside Property Partners Ltd, registered in England no. 07712345")

# 2. A product datasheet: specification table, installation and warranty sections.
build("datasheet-tidewell-pumps.pdf", [
    P("Tidewell TW Series Submersible Pumps", h1),
    P("The TW series are stainless steel submersible pumps for clean and lightly soiled water, intended for draining "
      "cellars, emptying tanks and irrigation from wells. All models have a built-in float switch and thermal overload protection."),
    P("Technical data", h2),
    grid([["Model", "Max. flow (l/min)", "Max. head (m)", "Power (W)", "Weight (kg)", "Cable (m)"],
          ["TW-250", "120", "7", "250", "4.1", "10"],
          ["TW-400", "160", "9", "400", "5.3", "10"],
          ["TW-750", "230", "12", "750", "7.8", "15"],
          ["TW-1100", "290", "16", "1100", "10.2", "15"]], [30 * mm, 28 * mm, 26 * mm, 22 * mm, 24 * mm, 20 * mm]),
    Spacer(1, 4 * mm),
    P("Solid particles up to 5 mm can pass the TW-250 and TW-400; the TW-750 and TW-1100 pass particles up to 25 mm. "
      "The water temperature must not exceed 35 &deg;C."),
    P("Installation", h2),
    P("Lower the pump on a rope fixed to the carrying handle, never by its power cable. The pump should stand upright on a firm "
      "base at least 10 cm above the bottom of a well, so that it does not draw in mud. Connect a hose of at least 25 mm "
      "inside diameter; a narrower hose reduces the flow. Before first use, check that the float switch can move freely."),
    P("Maintenance", h2),
    P("Rinse the pump with clean water after pumping dirty water. Clean the inlet strainer every month during regular use. "
      "If the pump runs but delivers no water, air may be trapped in the housing: tilt the pump gently under water until bubbles stop."),
    P("Warranty", h2),
    P("Tidewell pumps carry a three-year warranty against defects in materials and workmanship, extended to five years when "
      "the pump is registered online within 30 days of purchase. The warranty does not cover damage from running dry, from "
      "pumping sea water, or from frost."),
], pagesize=letter, footer="Tidewell Pumps GmbH, Kiel - datasheet TW-2026-04 - page {page}")

# 3. A municipal budget summary: lead paragraph, a table by department and year, notes.
build("millbrook-budget-summary-2027.pdf", [
    P("Town of Millbrook", ParagraphStyle("t", parent=h2, alignment=1)),
    P("Summary of the Adopted Budget, Fiscal Year 2027", ParagraphStyle("t2", parent=h1, alignment=1)),
    P("The Town Council adopted the fiscal year 2027 budget on 18 June 2026 by a vote of six to one. General fund spending "
      "totals $48.6 million, 3.9 per cent more than in fiscal year 2026. The property tax rate stays at 11.2 mills for the "
      "third year in a row."),
    P("General fund spending by department (thousands of dollars)", h2),
    lines([["Department", "FY2025 actual", "FY2026 budget", "FY2027 adopted"],
           ["Police", "11,840", "12,310", "12,905"],
           ["Fire and Rescue", "8,215", "8,660", "9,020"],
           ["Public Works", "7,930", "8,105", "8,240"],
           ["Parks and Recreation", "3,410", "3,575", "3,890"],
           ["Library", "1,965", "2,020", "2,085"],
           ["Administration", "5,120", "5,305", "5,410"],
           ["Debt service", "6,480", "6,790", "7,050"],
           ["Total", "44,960", "46,765", "48,600"]], [60 * mm, 32 * mm, 32 * mm, 34 * mm]),
    Spacer(1, 4 * mm),
    P("Notes", h2),
    P("The largest increase is in Parks and Recreation, which opens the rebuilt Elm Street pool in May 2027 and adds four "
      "seasonal lifeguard positions. Police spending rises mainly because of a new labour agreement with a 3 per cent "
      "wage increase."),
    P("Debt service grows with the first repayments on the $14 million bond issued in 2025 for the new public works garage. "
      "The Library's budget includes extended Sunday opening hours from September 2026."),
    P("Questions about the budget may be sent to the Finance Director, Rosalind Achebe, at finance@millbrook.example."),
], footer="Millbrook FY2027 budget summary - {page}")

# 4. A study report of two pages: abstract, methods, results table, conclusions.
build("study-cycle-lanes-commuting.pdf", [
    P("Protected Cycle Lanes and Commuting Choices: A Before-and-After Study in Three Districts", h1),
    P("<i>Transport Research Group, Northfield University. Report TRG-2026-11, November 2026.</i>", small),
    P("Summary", h2),
    P("We surveyed commuters in three districts of Northfield before and one year after protected cycle lanes were built "
      "along their main roads in 2025. The share of commuters who cycle to work rose in every district, most in Ashby, "
      "where it went from 6.1 to 11.4 per cent. Car commuting fell by between 2 and 5 points. Journey times by bicycle "
      "did not change, but the share of cyclists who said they felt safe rose from 38 to 71 per cent."),
    P("Methods", h2),
    P("Households were chosen at random from the postal address file and invited by letter. The first survey ran from "
      "March to May 2024 with 2,412 respondents; the second ran from March to May 2026 with 2,187 respondents, of whom "
      "1,306 had also answered the first. Respondents recorded every journey to work for one week in a travel diary. "
      "Results are weighted by age and sex to the 2021 census."),
    P("The three districts were chosen because each received a continuous lane of at least 3 km. Ashby and Cole Green "
      "are residential; Riverside is a business district with little housing, so most of its respondents work there rather than live there."),
    PageBreak(),
    P("Results", h2),
    grid([["District", "Cycling before (%)", "Cycling after (%)", "Car before (%)", "Car after (%)", "Lane length (km)"],
          ["Ashby", "6.1", "11.4", "58.2", "53.0", "4.2"],
          ["Cole Green", "4.3", "7.9", "63.5", "60.1", "3.1"],
          ["Riverside", "8.8", "12.6", "41.7", "39.4", "5.6"]],
         [28 * mm, 27 * mm, 27 * mm, 25 * mm, 25 * mm, 27 * mm], numbers_from=1),
    Spacer(1, 4 * mm),
    P("Walking and bus use changed little. In Riverside, bus use fell from 24.0 to 22.9 per cent, within the margin of error. "
      "New cyclists were more often women than existing cyclists were: 47 per cent of those who started cycling were women, "
      "against 29 per cent of those who already cycled."),
    P("Conclusions", h2),
    P("Protected lanes were followed by more cycling in all three districts, and the gain was largest where the lane "
      "connected homes directly to the town centre. We recommend that the council extend the Cole Green lane to the "
      "railway station, which would close the largest gap in the network. The study was funded by the Northfield "
      "Transport Trust under grant NTT-0419."),
], footer="TRG-2026-11 page {page}")

# 5. A real public text: the Apache License 2.0 as shipped by Debian, set as flowing paragraphs.
text = open("/usr/share/common-licenses/Apache-2.0", encoding="utf-8").read()
paras = [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]
story = []
for p in paras:
    esc = p.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if p.startswith("Apache License") or p.startswith("TERMS AND CONDITIONS") or p.startswith("APPENDIX") or p.startswith("END OF TERMS"):
        story.append(P(esc, h2))
    else:
        story.append(P(esc))
build("apache-license-2.0.pdf", story, footer="Apache License 2.0 - page {page}")
print("written")

#!/usr/bin/python3
# The third answering set (bench/answers-third): a check set kept out of rule-making, run at the
# start and the end of a session only. PDFs made with ReportLab in layouts unlike the first two
# sets: embedded TrueType fonts (DejaVu, Liberation), a two-column article on frames, a manual page
# drawn straight on the canvas, minutes with an action table, a product sheet whose table has one
# column per model, a letter with the sender's address on the right, and a report with a table of
# figures by year. All facts are invented. Questions are in qa-set.json (written by qa.py) and were
# written from this text before the engine was run on the documents.
# Run with Debian's python: /usr/bin/python3 bench/answers-third/make.py
import os
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT, TA_JUSTIFY, TA_CENTER
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as pdfcanvas
from reportlab.platypus import (BaseDocTemplate, SimpleDocTemplate, Frame, PageTemplate, Paragraph, Spacer,
                                Table, TableStyle, PageBreak, FrameBreak)
import reportlab.rl_config
reportlab.rl_config.invariant = 1  # same bytes every run

HERE = os.path.dirname(os.path.abspath(__file__))
F = "/usr/share/fonts/truetype/"
pdfmetrics.registerFont(TTFont("DejaVuSerif", F + "dejavu/DejaVuSerif.ttf"))
pdfmetrics.registerFont(TTFont("DejaVuSerif-Bold", F + "dejavu/DejaVuSerif-Bold.ttf"))
pdfmetrics.registerFont(TTFont("DejaVuSans", F + "dejavu/DejaVuSans.ttf"))
pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", F + "dejavu/DejaVuSans-Bold.ttf"))
pdfmetrics.registerFont(TTFont("LibSerif", F + "liberation/LiberationSerif-Regular.ttf"))
pdfmetrics.registerFont(TTFont("LibSerif-Bold", F + "liberation/LiberationSerif-Bold.ttf"))
pdfmetrics.registerFont(TTFont("LibSans", F + "liberation/LiberationSans-Regular.ttf"))
pdfmetrics.registerFont(TTFont("LibSans-Bold", F + "liberation/LiberationSans-Bold.ttf"))

META = dict(title="bench", author="bench", creator="bench", producer="bench")


def style(name, font, size, lead=None, **kw):
    return ParagraphStyle(name, fontName=font, fontSize=size, leading=lead or size * 1.3, **kw)


def out(name):
    return os.path.join(HERE, name)


def simple(name, story, font_footer=None, pagesize=A4, margins=25 * mm):
    def on_page(c, doc):
        if font_footer:
            c.saveState()
            c.setFont("DejaVuSans", 7.5)
            c.drawRightString(pagesize[0] - margins, 12 * mm, font_footer.format(page=doc.page))
            c.restoreState()
    doc = SimpleDocTemplate(out(name), pagesize=pagesize, leftMargin=margins, rightMargin=margins,
                            topMargin=22 * mm, bottomMargin=22 * mm, **META)
    doc.build(story, onFirstPage=on_page, onLaterPages=on_page)


def ruled(rows, widths, font="DejaVuSans", size=8.5, stripes=False, align_from=1):
    t = Table(rows, colWidths=widths)
    st = [("FONT", (0, 0), (-1, -1), font, size),
          ("FONT", (0, 0), (-1, 0), font + "-Bold", size),
          ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
          ("LINEBELOW", (0, -1), (-1, -1), 0.8, colors.black),
          ("ALIGN", (align_from, 1), (-1, -1), "RIGHT"),
          ("VALIGN", (0, 0), (-1, -1), "TOP")]
    if stripes:
        st += [("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#eef3f7")])]
    t.setStyle(TableStyle(st))
    return t


# 1. An annual report of a public library service, two pages, with a table of figures by year.
rb = style("rb", "LibSerif", 11, 14.5, alignment=TA_JUSTIFY, spaceAfter=6)
rh1 = style("rh1", "LibSans-Bold", 17, 21, spaceAfter=8)
rh2 = style("rh2", "LibSans-Bold", 12.5, 16, spaceBefore=8, spaceAfter=4)
P = Paragraph
simple("report-kestrel-libraries-2026.pdf", [
    P("Kestrel Valley Libraries: Annual Report 2025-26", rh1),
    P("Presented to the Kestrel Valley District Council, July 2026", style("sub", "LibSans", 9.5, 12)),
    Spacer(1, 5 * mm),
    P("Overview", rh2),
    P("Kestrel Valley Libraries runs nine branch libraries and one mobile library serving about 118,000 residents. "
      "In the year to 31 March 2026 our branches received 612,400 visits, 9 per cent more than the year before, "
      "and lent 803,150 books and audiobooks. The reopening of the Harrowgate branch in October 2025, after an "
      "eighteen-month rebuild, accounts for most of the growth in visits.", rb),
    P("Our total budget for the year was &pound;4.27 million, of which staff costs were &pound;2.91 million. "
      "The council's grant was unchanged; income from room hire and printing rose to &pound;186,000.", rb),
    P("Digital services", rh2),
    P("E-book loans grew faster than any other service. Members borrowed 151,900 e-books and e-audiobooks through "
      "the lending app, up from 118,300. Public computers were booked 47,600 times, and free wi-fi sessions passed "
      "200,000 for the first time. In January 2026 we replaced all 96 public computers with laptops that can be "
      "used anywhere in the building.", rb),
    P("Children and young people", rh2),
    P("The Summer Reading Challenge enrolled 3,840 children, of whom 2,215 finished by reading six books. Rhyme time "
      "sessions for under-fives ran weekly in every branch. A homework club at Millford branch, run with volunteers from "
      "Kestrel College, met on Tuesdays and Thursdays during term.", rb),
    PageBreak(),
    P("Key figures", rh2),
    ruled([["Measure", "2023-24", "2024-25", "2025-26"],
           ["Visits", "548,900", "561,700", "612,400"],
           ["Physical loans", "781,200", "790,460", "803,150"],
           ["E-book loans", "97,500", "118,300", "151,900"],
           ["Active members", "31,850", "32,400", "35,120"],
           ["Volunteer hours", "8,900", "9,450", "10,230"],
           ["Events held", "2,310", "2,480", "2,795"]],
          [55 * mm, 32 * mm, 32 * mm, 32 * mm], font="LibSans", size=10, stripes=True),
    Spacer(1, 5 * mm),
    P("Plans for 2026-27", rh2),
    P("We will open a makerspace with two 3D printers and a sewing machine at the Central Library in spring 2027. "
      "The mobile library, now fourteen years old, will be replaced by an electric vehicle funded by a "
      "&pound;240,000 grant from the Rural Access Fund. Opening hours at Oakby branch will extend to Saturday afternoons "
      "from September 2026.", rb),
    P("Head of Library Services: Priya Ramaswamy", style("sig", "LibSans", 10, 13)),
], font_footer="Kestrel Valley Libraries Annual Report 2025-26 | {page}")

# 2. A letter: sender's address on the right, reference line, "Yours faithfully".
lb = style("lb", "DejaVuSerif", 10, 14, spaceAfter=7)
lr = style("lr", "DejaVuSerif", 9.5, 13, alignment=TA_RIGHT)
simple("letter-school-trip.pdf", [
    P("Fernhill Primary School<br/>Orchard Lane<br/>Westbury BA13 2PL<br/>Tel. 01373 820 114", lr),
    Spacer(1, 10 * mm),
    P("Parents and carers of Year 5<br/>Fernhill Primary School", lb),
    P("3 March 2027", lr),
    Spacer(1, 4 * mm),
    P("Our ref: Y5/TRIP/27", lb),
    P("Dear Parents and Carers,", lb),
    P("<b>Year 5 residential trip to Kingswood Activity Centre</b>", lb),
    P("I am writing to tell you about this year's residential trip for Year 5. The children will stay at Kingswood "
      "Activity Centre near Dolgellau from Monday 14 June to Wednesday 16 June 2027, two nights in all. They will travel "
      "by coach, leaving the school at 8.30 am on the Monday and returning at about 4 pm on the Wednesday.", lb),
    P("Activities include climbing, canoeing on the lake, orienteering and a night walk. All activities are led by the "
      "centre's qualified instructors, and five members of school staff will go with the group, led by Mr Tomasz Nowak, "
      "the Year 5 teacher.", lb),
    P("The cost of the trip is &pound;215 per child, which covers travel, meals, accommodation and all activities. "
      "A non-refundable deposit of &pound;50 is due by 26 March 2027, and the balance by 7 May 2027. Families who "
      "receive free school meals may apply to the school fund for help with the cost; please speak to the school office "
      "in confidence.", lb),
    P("A meeting for parents will be held in the school hall on Thursday 22 April at 6 pm, where you can see the kit list "
      "and ask questions. Please return the consent form with the deposit.", lb),
    P("Yours faithfully,", lb),
    Spacer(1, 9 * mm),
    P("Helen Marchetti<br/>Headteacher", lb),
])

# 3. A manual page drawn on the canvas: numbered steps, a warning box, a troubleshooting table.
c = pdfcanvas.Canvas(out("manual-aurora-kettle.pdf"), pagesize=A4, invariant=1)
c.setTitle("bench"); c.setAuthor("bench"); c.setCreator("bench"); c.setProducer("bench")
W, H = A4
x0 = 22 * mm
y = H - 25 * mm
c.setFont("DejaVuSans-Bold", 15); c.drawString(x0, y, "Aurora EK-17 Electric Kettle"); y -= 7 * mm
c.setFont("DejaVuSans", 10); c.drawString(x0, y, "User manual, section 5: Cleaning and descaling"); y -= 4 * mm
c.setLineWidth(0.6); c.line(x0, y, W - x0, y); y -= 8 * mm


def para(text, y, font="DejaVuSans", size=9.5, width=W - 2 * x0, indent=0):
    p = Paragraph(text, style("m", font, size, size * 1.35))
    w, h = p.wrap(width - indent, 200 * mm)
    p.drawOn(c, x0 + indent, y - h)
    return y - h - 3 * mm


y = para("Limescale builds up inside the kettle in hard water areas and makes it slower to boil. Descale the kettle "
         "every four weeks in hard water areas and every three months in soft water areas.", y)
c.setFont("DejaVuSans-Bold", 11); c.drawString(x0, y - 3 * mm, "5.1 Descaling with citric acid"); y -= 9 * mm
steps = ["Unplug the kettle and let it cool completely.",
         "Fill the kettle with 1 litre of water and stir in 2 tablespoons of citric acid.",
         "Bring the solution to the boil once, then leave it to stand for 30 minutes.",
         "Pour the solution away and rinse the kettle three times with clean water.",
         "Boil a full kettle of clean water and pour it away before using the kettle again."]
for i, s in enumerate(steps, 1):
    y = para(f"{i}. {s}", y, indent=4 * mm)
# Warning box
box_h = 20 * mm
c.setStrokeColor(colors.HexColor("#b00000")); c.setLineWidth(1.2)
c.rect(x0, y - box_h, W - 2 * x0, box_h)
c.setFillColor(colors.HexColor("#b00000")); c.setFont("DejaVuSans-Bold", 10)
c.drawString(x0 + 4 * mm, y - 6 * mm, "WARNING")
c.setFillColor(colors.black)
para("Never immerse the kettle or its power base in water. Do not use vinegar: its smell stays in the plastic water "
     "window. Keep the lid closed while the kettle boils.", y - 8 * mm, width=W - 2 * x0 - 8 * mm, indent=4 * mm, size=9)
y -= box_h + 6 * mm
c.setStrokeColor(colors.black)
c.setFont("DejaVuSans-Bold", 11); c.drawString(x0, y, "5.2 Cleaning the filter"); y -= 5 * mm
y = para("The mesh filter in the spout lifts out upwards. Rinse it under the tap and brush it gently with a soft "
         "toothbrush. Refit it by pressing it down until it clicks. The kettle must not be used without its filter.", y)
c.setFont("DejaVuSans-Bold", 11); c.drawString(x0, y - 2 * mm, "5.3 Troubleshooting"); y -= 8 * mm
rows = [["Problem", "Possible cause", "What to do"],
        ["Kettle switches off before boiling", "Heavy limescale on the element", "Descale the kettle (5.1)"],
        ["Water tastes of plastic", "New kettle not yet rinsed", "Boil and discard water three times"],
        ["Kettle does not switch on", "Boil-dry protection has tripped", "Let it cool for 15 minutes"],
        ["Water leaks from the base", "Kettle overfilled above MAX", "Fill no higher than 1.7 litres"]]
tbl = Table(rows, colWidths=[52 * mm, 58 * mm, 56 * mm])
tbl.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "DejaVuSans", 8.5), ("FONT", (0, 0), (-1, 0), "DejaVuSans-Bold", 8.5),
                         ("BOX", (0, 0), (-1, -1), 0.6, colors.black), ("INNERGRID", (0, 0), (-1, -1), 0.3, colors.grey)]))
tw, th = tbl.wrap(W, H)
tbl.drawOn(c, x0, y - th)
y -= th + 6 * mm
para("Aurora Home Appliances Ltd gives a two-year guarantee on the EK-17. Customer line: 0800 046 2290 (weekdays 9 am to 5 pm).",
     y, size=8.5)
c.setFont("DejaVuSans", 7.5); c.drawCentredString(W / 2, 12 * mm, "EK-17 manual - page 11")
c.showPage(); c.save()

# 4. Minutes of a committee meeting: attendance, numbered items, decisions, an action table.
mb = style("mb", "LibSans", 10, 13.5, spaceAfter=5)
mh = style("mh", "LibSans-Bold", 10.5, 14, spaceBefore=6, spaceAfter=3)
simple("minutes-allotment-committee.pdf", [
    P("Brookside Allotment Society", style("mt", "LibSans-Bold", 14, 18, alignment=TA_CENTER)),
    P("Minutes of the committee meeting held on 12 January 2027 at 7.00 pm in the Pavilion",
      style("ms", "LibSans", 10, 13, alignment=TA_CENTER, spaceAfter=10)),
    P("<b>Present:</b> Margaret Osei (Chair), Colin Pryor (Treasurer), Ann Lindqvist (Secretary), Raj Mehta, Bernard Hall", mb),
    P("<b>Apologies:</b> Sue Whitcombe", mb),
    P("1. Minutes of the last meeting", mh),
    P("The minutes of the meeting of 10 November 2026 were agreed as a true record.", mb),
    P("2. Treasurer's report", mh),
    P("Colin Pryor reported a balance of &pound;6,842 at 31 December 2026. Plot rents for 2027 have been paid by 71 of the "
      "84 plot holders. The water bill for 2026 was &pound;1,130, up from &pound;890, because of the dry summer.", mb),
    P("3. Plot rents for 2028", mh),
    P("After discussion the committee agreed to raise the rent for a full plot from &pound;48 to &pound;54 a year from "
      "January 2028. Half plots will rise from &pound;26 to &pound;29. Members over 70 keep their 50 per cent discount. "
      "The vote was four in favour and one against.", mb),
    P("4. Water troughs", mh),
    P("Two troughs on the north side leak. Raj Mehta obtained a quote of &pound;420 to replace both with galvanised "
      "troughs. The committee approved the spending.", mb),
    P("5. Waiting list", mh),
    P("There are 23 people on the waiting list. The secretary will offer the two vacant plots, numbers 17 and 52, to the "
      "first names on the list.", mb),
    P("6. Any other business", mh),
    P("Bernard Hall proposed a seed swap in March; the committee agreed to hold it on Saturday 6 March 2027 in the Pavilion.", mb),
    P("Actions", mh),
    ruled([["Action", "Who", "By"],
           ["Order two galvanised troughs", "Raj Mehta", "31 January 2027"],
           ["Write to plot holders about the 2028 rents", "Ann Lindqvist", "28 February 2027"],
           ["Chase unpaid 2027 rents", "Colin Pryor", "15 February 2027"],
           ["Book tables for the seed swap", "Bernard Hall", "20 February 2027"]],
          [80 * mm, 40 * mm, 40 * mm], font="LibSans", size=9.5, align_from=3),
    Spacer(1, 4 * mm),
    P("The next meeting will be held on 9 March 2027. The meeting closed at 8.40 pm.", mb),
])

# 5. A product sheet whose specification table has one column per model (US letter, sans).
sb = style("sb", "DejaVuSans", 9.5, 13, spaceAfter=6)
simple("sheet-lumen-solar-lanterns.pdf", [
    P("LUMEN FIELD SERIES", style("sk", "DejaVuSans-Bold", 9, 12, textColor=colors.HexColor("#2a6f2a"))),
    P("Solar Lanterns for Camping and Emergencies", style("st", "DejaVuSans-Bold", 16, 20, spaceAfter=8)),
    P("Lumen Field lanterns charge from their built-in solar panel or a USB-C cable and can charge a phone from their "
      "battery. Every model is rated IPX4 against splashing water and folds flat for packing.", sb),
    P("Specifications", style("ss", "DejaVuSans-Bold", 11, 14, spaceBefore=6, spaceAfter=4)),
    ruled([["", "Field 100", "Field 250", "Field 500"],
           ["Brightness (lumens)", "100", "250", "500"],
           ["Battery (mAh)", "2,000", "4,400", "10,000"],
           ["Run time on low (h)", "40", "60", "100"],
           ["Solar charge time (h)", "14", "16", "24"],
           ["USB-C charge time (h)", "3", "4", "6"],
           ["Weight (g)", "180", "290", "520"],
           ["Price (USD)", "29.95", "44.95", "79.95"]],
          [58 * mm, 34 * mm, 34 * mm, 34 * mm], size=9.5, stripes=True),
    Spacer(1, 5 * mm),
    P("Using the lantern", style("su", "DejaVuSans-Bold", 11, 14, spaceBefore=6, spaceAfter=4)),
    P("Press the button once for low, twice for high and hold it for two seconds to switch off. The Field 500 also has a "
      "red light mode that keeps night vision. Before first use, charge the battery fully by USB-C.", sb),
    P("Leave the lantern in direct sunlight with the panel facing up. Charging through a window glass takes about "
      "twice as long. Store the lantern at half charge if it will not be used for more than three months.", sb),
    P("Each lantern comes with a carabiner and a 1 m USB-C cable. Lumen Outdoor Co., Boulder, Colorado. "
      "Warranty: 18 months.", sb),
], pagesize=letter, margins=20 * mm, font_footer="Lumen Outdoor Co. - product sheet LF-2027")

# 6. A two-column magazine article with a byline, set on two frames per page.
ab = style("ab", "LibSerif", 10, 13, alignment=TA_JUSTIFY, spaceAfter=5, firstLineIndent=8)
doc = BaseDocTemplate(out("article-urban-beekeeping.pdf"), pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm,
                      topMargin=18 * mm, bottomMargin=18 * mm, **META)
gap = 8 * mm
colw = (A4[0] - 36 * mm - gap) / 2
head_h = 42 * mm
col_h = 100 * mm  # short columns, so the text fills both
top = A4[1] - 18 * mm
frames = [Frame(18 * mm, top - head_h, A4[0] - 36 * mm, head_h, id="head"),
          Frame(18 * mm, top - head_h - col_h, colw, col_h, id="c1"),
          Frame(18 * mm + colw + gap, top - head_h - col_h, colw, col_h, id="c2")]
doc.addPageTemplates([PageTemplate(id="first", frames=frames)])
doc.build([
    P("Rooftop hives: the rise of city beekeeping", style("ah", "LibSerif-Bold", 20, 24, spaceAfter=5)),
    P("Bees are thriving on the roofs of office blocks. But are there now too many of them?",
      style("ad", "LibSerif", 11.5, 14.5, spaceAfter=4)),
    P("By Oliver Strand", style("ab2", "LibSans", 9, 12)),
    FrameBreak(),
    P("On the roof of a bank in the city centre, six hives hum above the traffic. They belong to Nadia Ferreira, who "
      "started keeping bees on roofs in 2019 and now looks after 64 hives on eleven buildings. Companies pay her to "
      "keep them, and the honey is given to their staff.", ab),
    P("The number of registered hives in the city has tripled in ten years, from about 400 to 1,250, according to the "
      "regional beekeepers' association. Most new hives stand on offices, hotels and schools.", ab),
    P("Urban honey can be surprisingly good. Because city gardens, parks and street trees flower at different times, "
      "bees in town find food from March to October, longer than on many farms, where a single crop flowers for a few "
      "weeks. A strong city colony can make 25 kilograms of honey in a season.", ab),
    P("Yet ecologists warn that honeybees compete with wild bees for the same flowers. Dr Lena Hartmann, who studies "
      "pollinators at the city's university, counted wild bees in 30 parks. \"Where there are more than ten hives "
      "within a kilometre, we find fewer wild bee species,\" she says. She argues that the city should plant more "
      "flowers before it adds more hives.", ab),
    P("Ferreira agrees that more hives are not always better. She has stopped adding hives in the centre and now asks "
      "every client to plant a wildflower roof or a flower bed as well. \"A hive without flowers is just a box of "
      "hungry bees,\" she says.", ab),
    P("The city council is listening. From next spring it will require a permit for any new hive on a public building, "
      "and it has promised to sow 12 hectares of wildflower meadows along its roads by 2028.", ab),
    P("For anyone who wants to start, the beekeepers' association runs an eight-week beginners' course each spring, "
      "costing 180 euros, and advises keeping no more than two hives at first.", ab),
])

# 7. A short technical report with numbered sections and a results table.
tb = style("tb", "DejaVuSerif", 9.5, 13.5, spaceAfter=6, alignment=TA_JUSTIFY)
th2 = style("th2", "DejaVuSans-Bold", 11, 14, spaceBefore=8, spaceAfter=4)
simple("report-heat-pump-trial.pdf", [
    P("Field Trial of Air-Source Heat Pumps in Older Homes", style("tt", "DejaVuSans-Bold", 15, 19, spaceAfter=4)),
    P("Technical Report 2027/03 &middot; Greystone Energy Agency &middot; April 2027", style("tm", "DejaVuSans", 9, 12, spaceAfter=8)),
    P("1 Purpose", th2),
    P("The trial tested whether air-source heat pumps can heat homes built before 1930 without first replacing "
      "all radiators. Twenty homes took part between October 2025 and March 2026.", tb),
    P("2 Method", th2),
    P("Each home received a heat pump sized from a room-by-room heat loss survey. In twelve homes only the radiators in "
      "the coldest rooms were enlarged; in the other eight no radiators were changed. Indoor temperatures and electricity "
      "use were logged every ten minutes. The seasonal performance factor (SPF) is the heat delivered divided by the "
      "electricity used over the whole winter.", tb),
    P("3 Results", th2),
    ruled([["Group", "Homes", "Mean SPF", "Mean flow temperature (°C)", "Homes below 18 °C"],
           ["Some radiators enlarged", "12", "3.1", "48", "0"],
           ["No radiators changed", "8", "2.7", "55", "2"],
           ["All homes", "20", "2.9", "51", "2"]],
          [50 * mm, 18 * mm, 22 * mm, 44 * mm, 30 * mm], font="DejaVuSans", size=8.5),
    Spacer(1, 4 * mm),
    P("All homes stayed warm except two in the group with no changed radiators, where the living room fell below "
      "18 &deg;C on the coldest days of January. Running costs were on average 14 per cent lower than with the gas "
      "boilers the heat pumps replaced. Occupants rated comfort as good or better in 17 of the 20 homes.", tb),
    P("4 Recommendations", th2),
    P("Installers should enlarge radiators in the coldest rooms rather than all of them, since this kept flow "
      "temperatures low at a modest cost of about &pound;1,600 per home. Loft insulation should be topped up to "
      "270 mm before a heat pump is fitted.", tb),
    P("Contact: Dr Samuel Eze, Greystone Energy Agency", style("tc", "DejaVuSans", 8.5, 11)),
], font_footer="GEA TR 2027/03 - page {page}")
print("written")

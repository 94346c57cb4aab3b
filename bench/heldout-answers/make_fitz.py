#!/usr/bin/python3
"""Builds the PyMuPDF PDFs: text placed line by line, tables drawn with explicit rules. Text is original, CC0."""
import fitz, textwrap

class Doc:
    def __init__(self, font="helv", size=10.5):
        self.d = fitz.open(); self.font = font; self.size = size; self.new()
    def new(self):
        self.p = self.d.new_page(width=595, height=842); self.y = 70
    def text(self, s, size=None, font=None, width=95):
        size = size or self.size
        for line in textwrap.wrap(s, width):
            if self.y > 780: self.new()
            self.p.insert_text((60, self.y), line, fontname=font or self.font, fontsize=size); self.y += size * 1.45
        self.y += 6
    def head(self, s): self.y += 6; self.text(s, size=13, font="hebo")
    def table(self, rows, widths, ruled=True, header=1):
        x0 = 60
        top = self.y - 12
        for i, r in enumerate(rows):
            x = x0
            for c, w in zip(r, widths):
                self.p.insert_text((x + 4, self.y), c, fontname="hebo" if i < header else self.font, fontsize=9.5); x += w
            self.y += 16
            if ruled or i == header - 1: self.p.draw_line((x0, self.y - 12), (x0 + sum(widths), self.y - 12), width=0.5)
        if ruled:
            self.p.draw_line((x0, top), (x0 + sum(widths), top), width=0.5)
            x = x0
            for w in [0] + widths:
                x += w; self.p.draw_line((x, top), (x, self.y - 12), width=0.5)
        self.y += 10
    def save(self, name): self.d.save(name)

d = Doc(font="tiro", size=11)
d.text("Inspection Report: Elm Street Primary School", size=17, font="tibo")
d.text("Elm Street Primary School in Castleford was inspected from 10 to 12 March 2025 by a team led by Margaret O'Donnell. The school has 318 pupils aged 4 to 11 and its head teacher is Samuel Okafor. Overall effectiveness was judged good.")
d.head("Attainment")
d.text("The proportion of pupils reaching the expected standard has risen each year.")
d.table([["Subject", "2022", "2023", "2024"], ["(% at expected standard)", "", "", ""], ["Reading", "71%", "74%", "79%"], ["Writing", "63%", "66%", "70%"], ["Mathematics", "68%", "72%", "76%"]], [170, 70, 70, 70], header=2)
d.head("Attendance")
d.text("Attendance in 2023/24 was 95.1%, above the regional average of 93.8%. Persistent absence fell to 11.4%.")
d.new()
d.head("Recommendations")
for s in ["1. Raise writing standards for boys in Years 5 and 6.", "2. Give subject leaders time to check teaching in foundation subjects.", "3. Publish the school's transition plan before September 2025."]:
    d.text(s)
d.text("The next inspection is expected within four years.")
d.save("school-inspection.pdf")

d = Doc(font="cour", size=10)
d.text("NX-40 Industrial Air Compressor - Product Data Sheet", size=15, font="hebo", width=60)
d.text("The NX-40 is a rotary screw compressor made by Brandt Pneumatik GmbH in Augsburg. It ships with a 36-month warranty and is certified to ISO 8573-1 class 2.", width=80)
d.head("Specifications")
d.table([["Model", "Power", "Free air delivery", "Noise"], ["", "(kW)", "(m3/min)", "(dB(A))"], ["NX-40S", "30", "5.2", "68"], ["NX-40M", "37", "6.4", "69"], ["NX-40L", "45", "7.9", "71"]], [90, 70, 120, 70], ruled=False, header=2)
d.text("All models operate at a maximum pressure of 10 bar and weigh between 690 kg and 820 kg. The list price of the NX-40M is EUR 21,900 excluding VAT.", width=80)
d.head("Maintenance")
d.text("Replace the oil filter every 4,000 operating hours and the air filter every 2,000 hours.", width=80)
d.save("data-sheet.pdf")

d = Doc()
d.text("Call for Proposals 2026: Coastal Resilience Research Fund", size=15, font="hebo", width=60)
d.text("The Marlow Foundation invites proposals for applied research on coastal flooding. The total budget of this call is EUR 3.6 million. Grants range from EUR 150,000 to EUR 400,000 per project, and projects last between 18 and 36 months.")
d.head("Eligibility")
d.text("Applicants must be based at a university or public research institute in the European Economic Area. Each consortium needs at least one partner from a municipality.")
d.head("Timeline")
d.table([["Stage", "Date"], ["Call opens", "2 March 2026"], ["Pre-proposal deadline", "15 April 2026, 17:00 CET"], ["Full proposal deadline", "30 June 2026"], ["Funding decisions", "November 2026"]], [160, 180])
d.new()
d.head("Evaluation")
d.text("Proposals are scored on scientific quality (40%), societal impact (35%) and feasibility (25%). Questions can be sent to the programme officer, Dr. Hanne Verbeek, at grants@marlow.example.org.")
d.save("grant-call.pdf")

d = Doc(font="tiro", size=11)
d.text("Drinking Water Quality Report 2025 - Lakeland Water Cooperative", size=15, font="tibo", width=60)
d.text("Lakeland Water Cooperative supplies 48,300 households from two treatment works, Aldergrove and Pinehurst. In 2025 it took 9,412 samples, of which 9,398 met every legal standard, a compliance rate of 99.85%. The report was signed by chief chemist Rosalind Achebe on 27 February 2026.")
d.head("Results by parameter")
d.table([["Parameter", "Limit", "2023", "2024", "2025"], ["", "", "(mean)", "(mean)", "(mean)"], ["Nitrate (mg/l)", "50", "18.2", "17.6", "16.9"], ["Lead (ug/l)", "10", "1.9", "1.6", "1.2"], ["Fluoride (mg/l)", "1.5", "0.21", "0.19", "0.20"], ["Hardness (mg/l CaCO3)", "none", "212", "208", "215"]], [150, 60, 70, 70, 70], header=2)
districts = [("Aldergrove North", "Aldergrove", "Kerry Nwosu", "3", "a burst main on Mill Lane on 4 August 2025"),
             ("Aldergrove South", "Aldergrove", "Tom Haldane", "1", "a discoloured-water complaint in Beech Close"),
             ("Pinehurst Village", "Pinehurst", "Ana Ribeiro", "4", "low chlorine at the Station Road reservoir"),
             ("Pinehurst Heights", "Pinehurst", "Gareth Lloyd", "0", "no exceedances"),
             ("Lakeshore", "Pinehurst", "Sofia Lindqvist", "6", "coliforms found after the flood of 12 November 2025")]
for name, works, officer, n, note in districts:
    d.new()
    d.head(f"Supply zone: {name}")
    d.text(f"The {name} zone is fed from the {works} treatment works. The zone officer is {officer}. The zone recorded {n} failed samples in 2025; the main event was {note}.")
    d.text("Samples are taken at random customer taps each week, and at every service reservoir twice a month. Results are published on the cooperative's website within 20 working days.")
d.save("water-quality.pdf")

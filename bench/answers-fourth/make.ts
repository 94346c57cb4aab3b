// bench/answers-fourth: the sixth pass's answering tuning set, printed to PDF by Chromium
// (playwright-core, /usr/bin/chromium). Run: `npx tsx bench/answers-fourth/make.ts`.
// Six documents written for this set; all facts and names are invented.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const page2 = `<div style="break-before: page"></div>`;

const docs: Record<string, { css: string; body: string }> = {
  "policy-remote-working": {
    css: `body{font-family:"Liberation Serif",serif;font-size:11.5pt;margin:0 8mm} h1{font-size:18pt} h2{font-size:13pt;margin-top:14pt} p{margin:5pt 0}`,
    body: `<h1>Calloway Surveys Ltd — Remote Working Policy</h1>
<p><i>Version 3, approved by the Board on 12 January 2026. Policy owner: Head of People, Dorothea Lindqvist.</i></p>
<h2>1. Scope</h2>
<p>1.1 This policy applies to all permanent and fixed-term employees who have completed their probation period.</p>
<p>1.2 It does not apply to contractors, agency workers or staff whose role requires them to be on site, such as field surveyors.</p>
<h2>2. Eligibility and requests</h2>
<p>2.1 Employees may work from home for up to three days in each working week.</p>
<p>2.2 A request to work remotely is made in writing to the line manager, who must reply within 14 calendar days.</p>
<p>2.3 A manager may refuse a request only for a business reason recorded in writing; the employee may appeal to the Head of People within 10 working days.</p>
<h2>3. Equipment and costs</h2>
<p>3.1 The company provides a laptop, a monitor and a headset. Other furniture is the employee's own responsibility.</p>
<p>3.2 Employees working from home receive a home working allowance of £26 per month, paid with their salary, to help with heating and electricity.</p>
${page2}
<h2>4. Working hours and contact</h2>
<p>4.1 Core hours are 10:00 to 15:00, during which remote employees must be reachable by phone and chat.</p>
<p>4.2 Team days, when everyone attends the Leeds office, are held on the first Tuesday of each month.</p>
<h2>5. Data protection</h2>
<p>5.1 Client data must not be printed at home. Papers containing personal data are to be destroyed only in the office's secure shredding bins.</p>
<p>5.2 A lost or stolen laptop must be reported to the IT service desk within 24 hours.</p>
<h2>6. Review</h2>
<p>6.1 This policy will be reviewed every two years, or sooner if the law changes.</p>`,
  },
  "minutes-harbourside-residents": {
    css: `body{font-family:"DejaVu Sans",sans-serif;font-size:10pt;margin:0 6mm} h1{font-size:15pt;border-bottom:2px solid #333} h3{font-size:11pt;margin-bottom:2pt} table{border-collapse:collapse;width:100%} td,th{border:1px solid #999;padding:3pt 5pt;text-align:left}`,
    body: `<h1>Harbourside Residents' Association</h1>
<p><b>Minutes of the committee meeting held on Wednesday 7 October 2026 at 7 pm, Quay Street Community Room</b></p>
<p><b>Present:</b> Anselm Okoro (chair), Brigid Fennell (secretary), Wen Jie Tan (treasurer), Lorna Haskett, Dev Mistry.<br><b>Apologies:</b> Piotr Zielinski.</p>
<h3>1. Minutes of the last meeting</h3>
<p>The minutes of the meeting of 9 September were agreed as a true record.</p>
<h3>2. Treasurer's report</h3>
<p>Wen Jie Tan reported a balance of £3,214 at the end of September. The summer fair made a profit of £1,145, most of it from the tombola and the cake stall.</p>
<h3>3. Parking on Quay Street</h3>
<p>Residents continue to complain about delivery vans parking on the pavement. The council's highways officer has agreed to meet the committee on 22 October. Lorna Haskett will collect photographs from residents before then.</p>
<h3>4. Christmas lights</h3>
<p>The committee agreed to spend up to £600 on new lights for the harbour railings. Dev Mistry will obtain three quotes. The lights will be switched on on Saturday 28 November.</p>
<h3>5. Any other business</h3>
<p>Brigid Fennell will stand down as secretary at the annual meeting in January after six years in the role. The chair thanked her for her work.</p>
<h3>Actions</h3>
<table><tr><th>Action</th><th>Owner</th><th>Due</th></tr>
<tr><td>Collect photographs of pavement parking</td><td>Lorna Haskett</td><td>20 October</td></tr>
<tr><td>Obtain three quotes for Christmas lights</td><td>Dev Mistry</td><td>30 October</td></tr>
<tr><td>Book the hall for the annual meeting</td><td>Brigid Fennell</td><td>15 November</td></tr></table>
<p>The next meeting will be held on Wednesday 4 November 2026. The meeting closed at 8.40 pm.</p>`,
  },
  "manual-burrfield-grinder": {
    css: `body{font-family:"Liberation Sans",sans-serif;font-size:10pt;margin:0 10mm} h1{font-size:20pt;color:#7a3b00} h2{font-size:12pt;color:#7a3b00;text-transform:uppercase} .warn{border:2px solid #c00;padding:6pt;margin:8pt 0} table{border-collapse:collapse} td,th{border-bottom:1px solid #aaa;padding:3pt 8pt;text-align:left}`,
    body: `<h1>Burrfield CG-40 Coffee Grinder</h1>
<p>Instruction manual. Read all instructions before first use and keep them for later reference.</p>
<div class="warn"><b>WARNING:</b> Always unplug the grinder before removing the upper burr. The burrs are sharp. Never put your fingers into the bean hopper while the grinder is connected to the mains.</div>
<h2>Getting started</h2>
<ol><li>Wash the hopper lid and the grounds container in warm soapy water; the burrs must never be washed.</li>
<li>Fill the hopper with up to 250 g of whole beans.</li>
<li>Turn the dial to choose one of 40 grind settings: 1 is the finest, for espresso; 40 the coarsest, for a cafetière.</li>
<li>Press START. The grinder stops by itself after the time set on the timer, at most 60 seconds.</li></ol>
<h2>Cleaning</h2>
<p>Brush the burrs clean every two weeks with the brush supplied. Once a month, run a handful of cleaning tablets through the grinder on setting 20.</p>
<h2>Technical data</h2>
<table><tr><th>Item</th><th>Value</th></tr>
<tr><td>Motor</td><td>150 W</td></tr><tr><td>Voltage</td><td>220–240 V</td></tr>
<tr><td>Hopper capacity</td><td>250 g</td></tr><tr><td>Burr diameter</td><td>40 mm, stainless steel</td></tr>
<tr><td>Weight</td><td>2.1 kg</td></tr><tr><td>Cable length</td><td>1.1 m</td></tr></table>
${page2}
<h2>Troubleshooting</h2>
<table><tr><th>Problem</th><th>Cause</th><th>What to do</th></tr>
<tr><td>The grinder does not start</td><td>The hopper is not locked</td><td>Turn the hopper clockwise until it clicks</td></tr>
<tr><td>Grounds are uneven</td><td>Burrs are clogged with oil</td><td>Clean the burrs and run cleaning tablets</td></tr>
<tr><td>The motor stops during grinding</td><td>The overheating cut-out has tripped</td><td>Let the grinder cool for 20 minutes</td></tr></table>
<h2>Guarantee</h2>
<p>Burrfield guarantees the CG-40 for two years from purchase against faults in materials and workmanship. Worn burrs are not covered. To make a claim, contact the shop where you bought it with your proof of purchase.</p>`,
  },
  "report-river-asker-water": {
    css: `body{font-family:"Noto Serif",serif;font-size:10.5pt;margin:0 8mm} h1{font-size:17pt} h2{font-size:12.5pt} table{border-collapse:collapse;margin:6pt 0} td,th{border:1px solid #444;padding:3pt 7pt} th{background:#e8eef4} figure{margin:8pt 0} figcaption{font-size:9pt;font-style:italic}`,
    body: `<h1>Water Quality of the River Asker, 2025 Monitoring Report</h1>
<p>Asker Catchment Partnership, published 3 March 2026. Author: Dr Ruth Calloway-Nwosu.</p>
<h2>Summary</h2>
<p>Volunteers took 312 samples at four sites between April and October 2025. Phosphate levels fell at three of the four sites compared with 2024. The site below Dunmore sewage works again failed the good-status standard for phosphate, mainly after heavy rain when storm overflows spilled.</p>
<h2>Results by site</h2>
<table><tr><th>Site</th><th>Samples</th><th>Mean phosphate (mg/l)</th><th>Mean nitrate (mg/l)</th><th>Status</th></tr>
<tr><td>Asker Head</td><td>84</td><td>0.03</td><td>4.1</td><td>High</td></tr>
<tr><td>Millford Weir</td><td>78</td><td>0.07</td><td>9.8</td><td>Good</td></tr>
<tr><td>Below Dunmore works</td><td>76</td><td>0.19</td><td>17.2</td><td>Moderate</td></tr>
<tr><td>Asker Mouth</td><td>74</td><td>0.11</td><td>14.6</td><td>Good</td></tr></table>
<figure><svg width="420" height="150" xmlns="http://www.w3.org/2000/svg"><rect x="30" y="120" width="380" height="1" fill="#000"/><rect x="50" y="105" width="50" height="15" fill="#4a7"/><rect x="140" y="85" width="50" height="35" fill="#4a7"/><rect x="230" y="20" width="50" height="100" fill="#c84"/><rect x="320" y="62" width="50" height="58" fill="#4a7"/></svg>
<figcaption>Figure 1. Mean phosphate by site, 2025. The bar for the site below Dunmore works is the only one above the good-status limit of 0.12 mg/l.</figcaption></figure>
${page2}
<h2>Storm overflows</h2>
<p>The water company's records show that the Dunmore overflow spilled on 41 occasions in 2025, for a total of 388 hours, up from 29 spills in 2024.</p>
<h2>Recommendations</h2>
<p>The Partnership asks the water company to bring forward the upgrade of Dunmore works, now planned for 2029, to 2027. Landowners along the Millford reach are offered free advice on buffer strips through the Catchment Sensitive Farming scheme.</p>
<p>Monitoring will continue in 2026 with a fifth site added at Gorse Bridge.</p>`,
  },
  "letter-claim-acknowledgement": {
    css: `body{font-family:"Liberation Sans",sans-serif;font-size:10pt;margin:0 12mm} .head{display:flex;justify-content:space-between} .logo{font-size:16pt;font-weight:bold;color:#024} table.ref td{padding:2pt 10pt 2pt 0} .box{border:1px solid #024;padding:6pt;margin:10pt 0}`,
    body: `<div class="head"><div>Ms Harriet Osei-Bonsu<br>27 Lindqvist Road<br>Pennard PN3 8HW</div>
<div style="text-align:right"><span class="logo">Northgate Mutual Insurance</span><br>Claims Department<br>PO Box 4410, Carrick CK1 2ZZ<br>claims@northgate-mutual.example</div></div>
<div class="box"><table class="ref">
<tr><td>Our reference</td><td><b>HC-2026-118734</b></td></tr>
<tr><td>Policy number</td><td>NGM/H/0457821</td></tr>
<tr><td>Date of loss</td><td>19 August 2026</td></tr>
<tr><td>Date</td><td>26 August 2026</td></tr></table></div>
<p>Dear Ms Osei-Bonsu,</p>
<p><b>Your home insurance claim: water damage to the kitchen ceiling</b></p>
<p>Thank you for reporting the escape of water from the bathroom above your kitchen. We have accepted your claim for consideration and appointed a loss adjuster, Mr Kieran Daley of Fairmount Adjusting, who will telephone you within five working days to arrange a visit.</p>
<p>Please keep any damaged items until the adjuster has seen them, and keep receipts for any emergency repairs. Your policy carries an excess of £350 for escape-of-water claims, which will be deducted from any settlement.</p>
<p>If you need somewhere else to stay while repairs are carried out, your policy covers alternative accommodation up to £15,000.</p>
<p>Please quote our reference in all correspondence.</p>
<p>Yours sincerely,</p>
<p><br>Simone Achterberg<br>Claims Handler</p>`,
  },
  "programme-tarn-science-festival": {
    css: `body{font-family:"Noto Sans",sans-serif;font-size:10pt;margin:0 8mm} h1{font-size:19pt;color:#205} .cols{columns:2;column-gap:10mm} table{border-collapse:collapse;width:100%;font-size:9.5pt} td,th{border-bottom:1px solid #99a;padding:3pt 4pt;text-align:left} th{color:#205}`,
    body: `<h1>Tarn Valley Science Festival 2026</h1>
<p><b>Friday 15 to Sunday 17 May 2026 · Tarnbridge Town Hall and Library</b></p>
<div class="cols"><p>Welcome to the eighth Tarn Valley Science Festival. This year's theme is <i>water</i>: where it comes from, where it goes and what lives in it. Most events are free; talks in the Great Hall cost £5 (under-16s free) and can be booked at the library desk from 1 April.</p>
<p>The festival is run by volunteers and funded by the Tarnbridge Town Council and the Hollis Foundation. This year we expect around 4,000 visitors.</p>
<p>The children's zone on the ground floor of the library is open all weekend from 10 am to 4 pm, with pond dipping, a rain machine and a microscope table.</p>
<p>Festival director: Odalys Brennan. Press enquiries: Sam Quarrie.</p></div>
<h2 style="font-size:13pt;color:#205">Talks in the Great Hall</h2>
<table><tr><th>Day</th><th>Time</th><th>Talk</th><th>Speaker</th></tr>
<tr><td>Friday</td><td>7.30 pm</td><td>Rivers in the sky: how storms carry water</td><td>Prof. Ingrid Solheim</td></tr>
<tr><td>Saturday</td><td>11 am</td><td>The secret life of ponds</td><td>Dr Marcus Adebayo</td></tr>
<tr><td>Saturday</td><td>3 pm</td><td>Plastic in the Tarn: what we found</td><td>Keeley Voss</td></tr>
<tr><td>Sunday</td><td>2 pm</td><td>Glaciers of the last ice age</td><td>Prof. Tomas Lindgren</td></tr></table>
<p>The festival closes on Sunday at 5 pm with the prize-giving of the schools' water-filter challenge.</p>`,
  },
};

const out = import.meta.dirname;
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
  ],
});
try {
  for (const [name, doc] of Object.entries(docs)) {
    const page = await browser.newPage();
    await page.setContent(
      `<!doctype html><html><head><meta charset="utf-8"><style>@page{size:A4;margin:18mm 14mm}${doc.css}</style></head><body>${doc.body}</body></html>`,
    );
    await page.evaluate(() => document.fonts.ready);
    writeFileSync(
      path.join(out, `${name}.pdf`),
      await page.pdf({ preferCSSPageSize: true, printBackground: true }),
    );
    await page.close();
  }
} finally {
  await browser.close();
}

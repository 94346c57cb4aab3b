// `npx tsx bench/layout/make-corpus-rtl.ts [outDir]`: right-to-left prose (Arabic, Hebrew,
// Persian) printed by Chromium from HTML with dir="rtl", each PDF with its reading order as truth
// in the prose corpus format (bench/layout/prose-corpus.ts). The texts are written for this corpus.
// What varies: script and typeface, one or two columns, justification, Latin words and figures
// inside the lines, a numbered list, a label/value block, a running head set as two spans apart.

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

type Block = { kind: "title" | "heading" | "paragraph" | "list-item"; text: string };
/** A label and its value on one line, label at the right; read label first, as two blocks. */
type Row = { label: string; value: string };
type Doc = {
  name: string;
  lang: string;
  font: string;
  size: number;
  columns: number;
  justify: boolean;
  head: [string, string];
  body: (Block | Row[])[];
};

const docs: Doc[] = [
  {
    name: "ar-naskh-one-mixed",
    lang: "ar",
    font: "Noto Naskh Arabic",
    size: 12,
    columns: 1,
    justify: true,
    head: ["تقرير المكتبة العامة", "الإصدار الثالث"],
    body: [
      { kind: "title", text: "الإنتاجية والتعلم الآلي في المكتبات العامة" },
      {
        kind: "paragraph",
        text: "لا شك أن المكتبات العامة تواجه اليوم تحديات كثيرة، فالإقبال على الكتب الورقية يتراجع والطلب على الخدمات الإلكترونية يزداد عامًا بعد عام. وقد أظهرت الإحصاءات أن عدد الزوار بلغ 45000 زائر في عام 2023، أي بزيادة قدرها 12% عن العام السابق.",
      },
      { kind: "heading", text: "الأهداف الأساسية للمشروع" },
      {
        kind: "paragraph",
        text: "يهدف المشروع إلى الاستفادة من أدوات مفتوحة المصدر مثل Python و PostgreSQL لإدارة الفهارس، ولا يقتصر الأمر على الفهرسة بل يشمل أيضًا الإعارة والإشعارات والتقارير الشهرية للإدارة.",
      },
      { kind: "list-item", text: "1. إعداد قاعدة بيانات موحدة للفهارس والإعارات خلال ستة أشهر." },
      { kind: "list-item", text: "2. تدريب الموظفين على الأدوات الجديدة في ثلاث دورات متتالية." },
      { kind: "list-item", text: "3. إطلاق خدمة الإعارة الإلكترونية للطلاب والباحثين والأطفال." },
      { kind: "heading", text: "الإطار الزمني والتكاليف" },
      {
        kind: "paragraph",
        text: "تبلغ التكلفة الإجمالية للمرحلة الأولى 250000 دينار، وتمتد من يناير إلى يونيو. أما المرحلة الثانية فتعتمد على نتائج التقييم الأولي، ولا يمكن البدء بها قبل موافقة مجلس الإدارة على الخطة الكاملة وإعلان الميزانية.",
      },
      {
        kind: "paragraph",
        text: "وفي الختام، فإن نجاح هذا المشروع لا يعتمد على التقنية وحدها، بل على الإدارة الواعية والالتزام بالمواعيد والتواصل المستمر مع القراء، فالمكتبة في نهاية الأمر مكان للناس قبل أن تكون مكانًا للكتب.",
      },
    ],
  },
  {
    name: "he-serif-two-columns",
    lang: "he",
    font: "Noto Serif Hebrew",
    size: 11,
    columns: 2,
    justify: true,
    head: ["עלון הקהילה", "גיליון 14"],
    body: [
      { kind: "title", text: "חדשות הספרייה העירונית לחודש מרץ" },
      {
        kind: "paragraph",
        text: "הספרייה העירונית פתחה השבוע אגף חדש לילדים ולנוער, ובו יותר משלושת אלפים ספרים, פינת קריאה שקטה וחדר עבודה לקבוצות. האגף פתוח בימים ראשון עד חמישי בין השעות 09:00 ל־19:00, ובימי שישי עד הצהריים.",
      },
      { kind: "heading", text: "סדנאות ואירועים" },
      {
        kind: "paragraph",
        text: "במהלך החודש יתקיימו ארבע סדנאות כתיבה, שתי הרצאות על תולדות העיר ומפגש שבועי של מועדון הקוראים. ההרשמה לכל האירועים מתבצעת באתר הספרייה או בטלפון, והמקומות מוגבלים לעשרים וחמישה משתתפים בכל מפגש.",
      },
      {
        kind: "paragraph",
        text: "בנוסף, צוות הספרייה ממשיך בפרויקט הדיגיטציה של הארכיון המקומי. עד כה נסרקו כאלף ושש מאות עיתונים ישנים, והם זמינים לעיון בקטלוג המקוון בפורמט PDF עם חיפוש בטקסט המלא.",
      },
      { kind: "heading", text: "שעות פעילות בחגים" },
      {
        kind: "paragraph",
        text: "בערבי חג הספרייה תיסגר בשעה 13:00, ובימי החג עצמם היא תהיה סגורה. ספרים שמועד החזרתם חל בימי החג יוחזרו ללא קנס עד יום העבודה הראשון שאחרי החג, כפי שנקבע בתקנון ההשאלה.",
      },
      {
        kind: "paragraph",
        text: "אנו מודים לכל המתנדבים שסייעו השנה בסידור המדפים, בהקראת סיפורים לילדים ובליווי קשישים לאירועים. מי שמעוניין להצטרף לצוות המתנדבים מוזמן לפנות לדלפק ההשאלה או לשלוח הודעה בדואר האלקטרוני.",
      },
      {
        kind: "paragraph",
        text: "לסיום, נזכיר כי כרטיס הקורא מאפשר גם גישה חינם למאגרי מידע, לספרים אלקטרוניים ולעיתונים מכל העולם. את הכרטיס ניתן לחדש בכל סניף, ואין צורך להביא תמונה או מסמכים נוספים מלבד תעודה מזהה.",
      },
    ],
  },
  {
    name: "fa-sans-labels",
    lang: "fa",
    font: "Noto Sans Arabic",
    size: 11,
    columns: 1,
    justify: false,
    head: ["امیدنامه پذیرش کالا", "شرکت بورس کالای ایران"],
    body: [
      { kind: "heading", text: "۱- مشخصات کالا" },
      {
        kind: "paragraph",
        text: "این امیدنامه برای پذیرش ورق فولادی گرم نوردیده در بازار اصلی تهیه شده است و اطلاعات آن بر اساس مدارک ارائه شده توسط عرضه کننده تنظیم گردیده است.",
      },
      [
        { label: "نام کالا", value: "ورق فولادی گرم نوردیده" },
        { label: "شماره استاندارد ملی", value: "20300" },
        { label: "مرجع صادرکننده استاندارد", value: "سازمان ملی استاندارد ایران" },
        { label: "تاریخ ارائه مدارک", value: "1403/09/19" },
        { label: "مشاور پذیرش", value: "کارگزاری آرمون بورس" },
        { label: "حداقل درصد عرضه از تولید", value: "حداقل 50% از تولید سالیانه" },
      ],
      { kind: "heading", text: "۲- شرایط عرضه" },
      {
        kind: "paragraph",
        text: "عرضه کننده موظف است کالا را در انبارهای مورد تأیید بورس تحویل دهد و خطای مجاز تحویل حداکثر پنج درصد وزن هر محموله خواهد بود. قیمت پایه بر اساس قیمت‌های جهانی و نرخ ارز روز تعیین می‌شود.",
      },
      {
        kind: "paragraph",
        text: "در صورت بروز اختلاف میان خریدار و فروشنده، موضوع ابتدا در کمیته داوری بورس بررسی می‌شود و رأی این کمیته برای هر دو طرف لازم‌الاجرا است، مگر آنکه ظرف ده روز به آن اعتراض شود.",
      },
    ],
  },
];

const isRows = (b: Block | Row[]): b is Row[] => Array.isArray(b);
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

function html(d: Doc): string {
  const body = d.body
    .map((b) => {
      if (isRows(b))
        return `<div class="rows">${b.map((r) => `<div class="row"><span>${esc(r.label)}</span><span>${esc(r.value)}</span></div>`).join("")}</div>`;
      const tag =
        b.kind === "title" ? "h1" : b.kind === "heading" ? "h2" : b.kind === "list-item" ? "p class=li" : "p";
      return `<${tag}>${esc(b.text)}</${tag.split(" ")[0]}>`;
    })
    .join("\n");
  return `<!doctype html><html lang="${d.lang}" dir="rtl"><head><meta charset="utf-8"><style>
@page { size: A4; margin: 22mm 20mm; }
body { font-family: "${d.font}"; font-size: ${d.size}pt; line-height: 1.5; margin: 0; }
header { display: flex; justify-content: space-between; font-size: ${d.size - 2}pt; border-bottom: 0.5pt solid #888; margin-bottom: 14pt; }
main { column-count: ${d.columns}; column-gap: 24pt; text-align: ${d.justify ? "justify" : "start"}; }
h1 { font-size: ${d.size + 7}pt; margin: 0 0 10pt; column-span: all; }
h2 { font-size: ${d.size + 2}pt; margin: 12pt 0 6pt; }
p { margin: 0 0 8pt; }
p.li { margin: 0 0 4pt; padding-inline-start: 14pt; }
.rows { margin: 8pt 0 12pt; }
.row { display: flex; justify-content: space-between; width: 70%; margin-bottom: 4pt; }
</style></head><body><header><span>${esc(d.head[0])}</span><span>${esc(d.head[1])}</span></header><main>${body}</main></body></html>`;
}

const out = process.argv[2] ?? path.join(import.meta.dirname, "corpus-rtl");
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  for (const d of docs) {
    const page = await browser.newPage();
    await page.setContent(html(d));
    await page.evaluate(() => document.fonts.ready);
    const pdf = await page.pdf({ preferCSSPageSize: true });
    await page.close();
    const blocks = d.body.flatMap((b) =>
      isRows(b)
        ? b.flatMap((r) => [
            { page: 1, kind: "paragraph", text: r.label },
            { page: 1, kind: "paragraph", text: r.value },
          ])
        : [{ page: 1, kind: b.kind, text: b.text }],
    );
    const truth = {
      source: "texts written for this corpus (Quire, MIT)",
      generator: `Chromium (playwright-core page.pdf) from HTML dir="rtl": bench/layout/make-corpus-rtl.ts; A4, ${d.font} ${d.size} pt, ${d.columns} CSS column(s), ${d.justify ? "justified" : "ragged"}, running head of two spans${d.body.some(isRows) ? ", a label/value block" : ""}`,
      columns: d.columns,
      pages: 1,
      blocks,
    };
    writeFileSync(path.join(out, `${d.name}.pdf`), pdf);
    writeFileSync(path.join(out, `${d.name}.json`), `${JSON.stringify(truth, null, 2)}\n`);
    console.log(`${d.name}: ${blocks.length} blocks, ${pdf.length} bytes`);
  }
  // Beside the corpus (not in it: the corpus holds no table), a right-to-left page with a real
  // table of three columns, which must stay a table (test/documents/extraction/right-to-left.test.ts).
  const page = await browser.newPage();
  const rows = [
    ["الكتب الإلكترونية", "1200", "45000"],
    ["الدوريات العلمية", "85", "12500"],
    ["المخطوطات", "40", "9800"],
    ["الخرائط", "150", "3200"],
  ];
  await page.setContent(`<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><style>
@page { size: A4; margin: 22mm 20mm; }
body { font-family: "Noto Sans Arabic"; font-size: 11pt; }
table { border-collapse: collapse; width: 80%; margin-top: 12pt; }
th, td { padding: 4pt 10pt; text-align: start; }
th { border-bottom: 0.8pt solid #000; }
</style></head><body><h2>مقتنيات المكتبة حسب النوع</h2>
<p>يبين الجدول التالي عدد المواد في كل قسم وتكلفة اقتنائها خلال العام الماضي بالدينار.</p>
<table><tr><th>النوع</th><th>العدد</th><th>التكلفة</th></tr>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join("")}</tr>`)
    .join("")}</table></body></html>`);
  await page.evaluate(() => document.fonts.ready);
  mkdirSync(path.join(out, "tables"), { recursive: true });
  writeFileSync(path.join(out, "tables", "ar-sans-table.pdf"), await page.pdf({ preferCSSPageSize: true }));
  await page.close();
} finally {
  await browser.close();
}

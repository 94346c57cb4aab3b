import { loadModule, parseSync } from "libpg-query";
import { allowedFunctions, allowedTypes, allowedValueFunctions } from "./sql-allowlist.ts";
import { SqlRefused } from "./sql-errors.ts";

// A statement is checked on PostgreSQL's own parse tree (libpg_query) before it is sent: one
// statement, of the kinds the tool allows, naming only the relations it may read, calling only
// allowlisted functions, casting only to ordinary types. Every node type not listed here is
// refused, so a construct PostgreSQL adds later is refused until someone looks at it. This is
// the first of the sandbox's walls; the role's privileges, the views' scope and the timeouts
// hold even if it lets something through.

export type StatementMode = "read" | "write";

/** What a statement may name and do. */
export type StatementRules = {
  mode: StatementMode;
  /** Relations it may name, unqualified (the doc_sql views, or the one bound table). */
  relations: ReadonlySet<string>;
  /** How the tool is called in messages ("doc_sql", "table_sql"). */
  tool: string;
  /** Columns of those relations: what `alias.name` may name besides what the statement defines. */
  columns: ReadonlySet<string>;
};

const expressionNodes = new Set([
  "ResTarget",
  "ColumnRef",
  "String",
  "A_Star",
  "A_Const",
  "Integer",
  "Float",
  "Boolean",
  "BitString",
  "FuncCall",
  "A_Expr",
  "BoolExpr",
  "NullTest",
  "BooleanTest",
  "CaseExpr",
  "CaseWhen",
  "CoalesceExpr",
  "MinMaxExpr",
  "SubLink",
  "RangeVar",
  "RangeSubselect",
  "RangeFunction",
  "JoinExpr",
  "SortBy",
  "WindowDef",
  "CommonTableExpr",
  "TypeCast",
  "A_ArrayExpr",
  "A_Indices",
  "A_Indirection",
  "RowExpr",
  "ParamRef",
  "SQLValueFunction",
  "CollateClause",
  "GroupingSet",
  "List",
  "NamedArgExpr",
  "SelectStmt",
]);
const writeNodes = new Set([
  "InsertStmt",
  "UpdateStmt",
  "DeleteStmt",
  "SetToDefault",
  "MultiAssignRef",
  "IndexElem",
]);
const statementsOf: Record<StatementMode, ReadonlySet<string>> = {
  read: new Set(["SelectStmt"]),
  write: new Set(["SelectStmt", "InsertStmt", "UpdateStmt", "DeleteStmt"]),
};
const describe: Record<StatementMode, string> = {
  read: "a SELECT",
  write: "a SELECT, INSERT, UPDATE or DELETE",
};

const noCtes: ReadonlySet<string> = new Set();

let ready: Promise<void> | undefined;
/** The parser is WebAssembly: loaded once, before the first check. */
export const loadParser = () => {
  ready ??= loadModule();
  return ready;
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const names = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((n) => String(((n as Obj).String as Obj | undefined)?.sval ?? "?")) : [];

// Verdicts remembered per set of rules and statement text: the check is a pure function of the
// two, and agents and scripts send the same statements again with other parameters. Rules are
// told apart by what they say, not by object: table_sql's are made anew for each call. Bounded;
// short statements only.
const verdicts = new Map<string, string | SqlRefused>();
const VERDICTS_KEPT = 1000;
const LONGEST_REMEMBERED = 4096;

/** What a set of rules says, as text; made once per rules object. */
const rulesKeys = new WeakMap<StatementRules, string>();
function rulesKey(rules: StatementRules): string {
  let key = rulesKeys.get(rules);
  if (key === undefined) {
    key = JSON.stringify([rules.mode, rules.tool, [...rules.relations].sort(), [...rules.columns].sort()]);
    rulesKeys.set(rules, key);
  }
  return key;
}

/**
 * Parses and checks one statement; throws SqlRefused with a message the writer can act on.
 * Returns the statement's own text: without a `;` (and what follows it) at its end.
 */
export async function checkStatement(sql: string, rules: StatementRules): Promise<string> {
  if (sql.length > LONGEST_REMEMBERED) return check(sql, rules);
  const key = `${rulesKey(rules)}\n${sql}`;
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    verdict = await check(sql, rules).catch((err: unknown) => {
      if (err instanceof SqlRefused) return err;
      throw err;
    });
    if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
    verdicts.set(key, verdict);
  }
  if (verdict instanceof SqlRefused) throw verdict;
  return verdict;
}

async function check(sql: string, rules: StatementRules): Promise<string> {
  await loadParser();
  let tree: { stmts?: { stmt?: Obj; stmt_location?: number; stmt_len?: number }[] };
  try {
    tree = parseSync(sql) as typeof tree;
  } catch (err) {
    throw new SqlRefused(`${rules.tool}: the SQL does not parse: ${(err as Error).message}.`);
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length !== 1)
    throw new SqlRefused(
      `${rules.tool} runs one statement per call; this text holds ${stmts.length}. Send each statement in a call of its own.`,
    );
  const stmt = stmts[0]?.stmt ?? {};
  const kind = Object.keys(stmt)[0] ?? "nothing";
  if (!statementsOf[rules.mode].has(kind))
    throw new SqlRefused(
      `${rules.tool} runs ${describe[rules.mode]} statement; ${statementName(kind)} is refused.`,
    );
  try {
    new Checker(rules, definedNames(stmt)).node(kind, stmt[kind], new Set());
  } catch (err) {
    // A tree deep enough to exhaust the walk is refused like any other statement it cannot read.
    if (err instanceof RangeError)
      throw new SqlRefused(
        `${rules.tool}: the statement is nested too deeply to be checked; write it more simply.`,
      );
    throw err;
  }
  // libpg_query counts in bytes of UTF-8; a length of 0 (left out) is "to the end".
  const bytes = Buffer.from(sql, "utf8");
  const from = stmts[0]?.stmt_location ?? 0;
  const len = stmts[0]?.stmt_len ?? 0;
  return bytes.subarray(from, len ? from + len : bytes.length).toString("utf8");
}

/**
 * Column names a statement gives itself: output names (AS x), a CTE's or an alias's column list.
 * `alias.name` must name one of these or a known column: PostgreSQL reads `alias.f` naming no
 * column as the call f(alias), which would be a function call the allowlist never sees.
 */
function definedNames(tree: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > 10_000) return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    if (!isObj(v)) return;
    const target = v.ResTarget;
    if (isObj(target) && typeof target.name === "string") out.add(target.name);
    for (const key of ["aliascolnames", "colnames"])
      if (Array.isArray(v[key])) for (const n of names(v[key])) out.add(n);
    for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(tree, 0);
  return out;
}

const statementName = (kind: string) =>
  kind
    .replace(/Stmt$/, "")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toUpperCase();

class Checker {
  constructor(
    private readonly rules: StatementRules,
    private readonly defined: ReadonlySet<string>,
  ) {}

  /** The last name of `alias.name` (or `(expr).name`): a column, never a function called on a row. */
  private field(name: string): void {
    if (this.rules.columns.has(name) || this.defined.has(name) || allowedFunctions.has(name)) return;
    this.refuse(`"${name}" is not a column of the relations this tool reads.`);
  }

  private refuse(message: string): never {
    throw new SqlRefused(`${this.rules.tool}: ${message}`);
  }

  /** A node wrapped in its type's name ({FuncCall: {...}}). */
  node(type: string, body: unknown, ctes: ReadonlySet<string>): void {
    const allowed = expressionNodes.has(type) || (this.rules.mode === "write" && writeNodes.has(type));
    if (!allowed) this.refuse(`${nodeName(type)} is not allowed.`);
    if (!isObj(body)) return;
    if (type === "FuncCall") this.func(body);
    else if (type === "RangeVar") this.relation(body, ctes);
    else if (type === "A_Expr" && names(body.name).length > 1)
      this.refuse("operators are written without a schema (OPERATOR(schema.op) is refused).");
    else if (type === "SQLValueFunction" && !allowedValueFunctions.has(String(body.op)))
      this.refuse(
        `${String(body.op).replace("SVFOP_", "").toLowerCase()} is not allowed; only the clock's value functions are.`,
      );
    else if (type === "ColumnRef" && Array.isArray(body.fields) && body.fields.length > 1) {
      const last = (body.fields.at(-1) as Obj).String as Obj | undefined;
      if (last) this.field(String(last.sval));
    } else if (type === "A_Indirection" && Array.isArray(body.indirection)) {
      for (const part of body.indirection) {
        const named = (part as Obj).String as Obj | undefined;
        if (named) this.field(String(named.sval));
      }
    } else if (type === "CollateClause" && names(body.collname).length > 1)
      this.refuse("collations are written without a schema.");
    this.fields(body, ctes);
  }

  /** The fields of a node (or of a struct written without its type's name). */
  private fields(body: Obj, outer: ReadonlySet<string>): void {
    let ctes = outer;
    const withClause = body.withClause;
    if (isObj(withClause)) ctes = this.withClause(withClause, outer);
    if (body.intoClause !== undefined) this.refuse("SELECT INTO is refused: a statement cannot make tables.");
    if (body.lockingClause !== undefined)
      this.refuse("FOR UPDATE / FOR SHARE is refused: a statement cannot take locks.");
    if (body.override === "OVERRIDING_SYSTEM_VALUE") this.refuse("OVERRIDING SYSTEM VALUE is refused.");
    for (const [key, value] of Object.entries(body)) {
      if (key === "withClause") continue;
      // A statement's target (INSERT INTO x, UPDATE x, DELETE FROM x) is a relation written without its type's name.
      // PostgreSQL never takes a CTE for a statement's target, so a CTE's name does not stand for one here.
      if (key === "relation" && isObj(value) && "relname" in value) {
        this.relation(value, noCtes);
        continue;
      }
      if (key === "typeName") {
        this.type(value);
        continue;
      }
      this.value(value, ctes);
    }
  }

  private value(value: unknown, ctes: ReadonlySet<string>): void {
    if (Array.isArray(value)) {
      for (const v of value) this.value(v, ctes);
      return;
    }
    if (!isObj(value)) return;
    const keys = Object.keys(value);
    const first = keys[0];
    // libpg_query writes a node as {TypeName: body}; a plain struct's fields are in lower case.
    if (keys.length === 1 && first !== undefined && /^[A-Z]/.test(first))
      this.node(first, value[first], ctes);
    else this.fields(value, ctes);
  }

  /** WITH: a CTE's name stands for it after its definition, and inside its own when RECURSIVE. */
  private withClause(clause: Obj, outer: ReadonlySet<string>): ReadonlySet<string> {
    const list = Array.isArray(clause.ctes) ? clause.ctes : [];
    const defined = list.map((c) => String(((c as Obj).CommonTableExpr as Obj | undefined)?.ctename ?? ""));
    const all = new Set([...outer, ...defined]);
    list.forEach((c, i) => {
      const cte = (c as Obj).CommonTableExpr;
      if (!isObj(cte)) this.refuse("WITH holds something other than common table expressions.");
      const visible = clause.recursive === true ? all : new Set([...outer, ...defined.slice(0, i)]);
      this.fields(cte, visible);
    });
    return all;
  }

  private relation(rv: Obj, ctes: ReadonlySet<string>): void {
    const name = String(rv.relname ?? "");
    if (rv.schemaname !== undefined || rv.catalogname !== undefined)
      this.refuse(`relations are named without a schema; ${qualified(rv)} is refused. ${this.offer()}`);
    if (!this.rules.relations.has(name) && !ctes.has(name))
      this.refuse(`relation "${name}" is not one this tool can read. ${this.offer()}`);
  }

  private offer(): string {
    return `It can use: ${[...this.rules.relations].join(", ")}.`;
  }

  private func(fc: Obj): void {
    const parts = names(fc.funcname);
    const name =
      parts.length === 2 && parts[0] === "pg_catalog" ? parts[1] : parts.length === 1 ? parts[0] : undefined;
    if (name === undefined)
      this.refuse(`function ${parts.join(".")} is refused: functions are named without a schema.`);
    if (!allowedFunctions.has(name))
      this.refuse(`function ${name}() is not allowed. The functions allowed are listed in docs/sql.md.`);
  }

  private type(typeName: unknown): void {
    if (!isObj(typeName)) return;
    const parts = names(typeName.names);
    const name =
      parts.length === 2 && parts[0] === "pg_catalog" ? parts[1] : parts.length === 1 ? parts[0] : undefined;
    if (name === undefined || !allowedTypes.has(name))
      this.refuse(
        `a cast to ${parts.join(".")} is not allowed; cast to text, numeric, integer, boolean, date, timestamp, json or jsonb.`,
      );
    if (Array.isArray(typeName.typmods)) this.value(typeName.typmods, new Set());
  }
}

const qualified = (rv: Obj) =>
  [rv.catalogname, rv.schemaname, rv.relname].filter((p) => p !== undefined).join(".");

/** How a node type reads in a message: RangeTableSample -> "TABLESAMPLE"-ish names people know. */
function nodeName(type: string): string {
  const known: Record<string, string> = {
    RangeTableSample: "TABLESAMPLE",
    RangeTableFunc: "XMLTABLE",
    XmlExpr: "an XML expression",
    XmlSerialize: "XMLSERIALIZE",
    LockingClause: "FOR UPDATE / FOR SHARE",
    InsertStmt: "INSERT",
    UpdateStmt: "UPDATE",
    DeleteStmt: "DELETE",
    MergeStmt: "MERGE",
    CurrentOfExpr: "WHERE CURRENT OF",
    JsonTable: "JSON_TABLE",
  };
  return known[type] ?? `${type.replace(/Stmt$/, " statement")}`;
}

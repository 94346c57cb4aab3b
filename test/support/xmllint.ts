import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { memoryPages, validateXML, type XMLFileInfo } from "xmllint-wasm";

// libxml2's xmllint compiled to WebAssembly (the npm package xmllint-wasm), so the tests that
// validate and read XML need nothing installed on the machine. Each call runs xmllint on an
// in-memory file system holding the documents given and every schema under test/fixtures, by its
// path relative to that folder, so the schemas' imports resolve as they do on disk.

const fixtures = path.resolve(import.meta.dirname, "../fixtures");
const schemas: XMLFileInfo[] = readdirSync(fixtures, { recursive: true, encoding: "utf8" })
  .filter((name) => name.endsWith(".xsd"))
  .map((name) => ({ fileName: name, contents: readFileSync(path.join(fixtures, name)) }));

// The UBL schema alone takes more than the package's default of 32 MiB.
const maxMemoryPages = 512 * memoryPages.MiB;

/** A document for xmllint under a file name of its own, which its messages then name. */
export type XmlFile = XMLFileInfo;

/**
 * `xmllint --noout --schema xsd files…`, with xsd relative to test/fixtures: whether every file
 * validates, and xmllint's messages (one "name validates" line for each file that does). Any
 * other failure (a schema that does not load, no memory left) is thrown.
 */
export async function validate(
  xsd: string,
  ...files: XmlFile[]
): Promise<{ valid: boolean; stderr: string }> {
  const schema = schemas.find((s) => s.fileName === xsd);
  if (!schema) throw new Error(`no schema ${xsd} under test/fixtures`);
  const result = await validateXML({
    xml: files,
    schema,
    preload: schemas.filter((s) => s !== schema),
    maxMemoryPages,
  });
  return { valid: result.valid, stderr: result.rawOutput };
}

/** `xmllint --xpath expr file`: what xmllint prints for it. */
export async function xpath(file: XmlFile, expr: string): Promise<string> {
  // The package's entry point is made for validation; its output option ("normalization") hands
  // back xmllint's stdout, and the arguments are replaced by ours.
  const result = await validateXML({
    xml: file,
    normalization: "format",
    modifyArguments: () => ["--xpath", expr, file.fileName],
    maxMemoryPages,
  });
  return result.normalized;
}

/** `xmllint --version`: the libxml2 version line, on stderr. */
export async function version(): Promise<string> {
  const result = await validateXML({
    xml: [],
    normalization: "format",
    modifyArguments: () => ["--version"],
  });
  return result.rawOutput;
}

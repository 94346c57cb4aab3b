/** Files of a GraphQL multipart request as upload operations read them: one after the other, each streamed. */
export async function* uploadsOf(files: readonly File[]) {
  for (const f of files) yield { fileName: f.name, body: f.stream() as unknown as AsyncIterable<Uint8Array> };
}

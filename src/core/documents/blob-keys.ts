// Every blob of a document lives under documents/<id>/, so deleting the prefix removes them all.
export const documentBlobPrefix = (id: string) => `documents/${id}/`;
export const sourceBlobKey = (id: string) => `documents/${id}/source.pdf`;
export const pageImagePrefix = (id: string) => `documents/${id}/images/`;
export const pageImageKey = (id: string, generation: number, page: number, scale: number) =>
  `${pageImagePrefix(id)}g${generation}-p${page}@${scale}.png`;

-- A page's elements in reading order (headings, paragraphs, list items, tables, code, running
-- headers and footers), each with its bounding box in PDF points from the page's top-left, as
-- GET /v1/documents/{id}/pages/{n}/elements gives them and citations point into them. Pages
-- extracted before this column have none (null) until their document is parsed again.
ALTER TABLE "pages" ADD COLUMN "elements" JSONB;

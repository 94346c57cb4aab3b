-- When a key was last used, to the minute: written by the request that opens a key's minute
-- window, so a busy key costs one more write a minute, not one per request.
ALTER TABLE "api_keys" ADD COLUMN "last_used_at" TIMESTAMPTZ(3);

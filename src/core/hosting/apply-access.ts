import type { SiteAccess } from "./access.ts";
import type { AccessInput } from "./access-input.ts";

/** `current` with the settings `change` names (the password is handled apart). */
export function applyAccess(current: SiteAccess, change: AccessInput): SiteAccess {
  return {
    disabled: change.disabled ?? current.disabled,
    unlisted: change.unlisted ?? current.unlisted,
    expiresAt: change.expiresAt === undefined ? current.expiresAt : change.expiresAt,
    allowDownload: change.allowDownload ?? current.allowDownload,
    indexing: change.indexing ?? current.indexing,
  };
}

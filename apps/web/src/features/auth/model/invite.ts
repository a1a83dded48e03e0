import { readJson, storageKeys, writeJson } from '../../../lib/storage';

/**
 * The inviter of the share link (/register?inviter_id=…) this tab arrived by, kept in the tab's
 * session storage — as long as a guest session lasts — so that a visitor who tries guest mode first
 * and registers later, in place, still names it (issue 42). A registration that uses it forgets it.
 */
export function rememberInviter(inviterId: string | null): void {
  const id = inviterId?.trim();
  if (id) writeJson('session', storageKeys.invitedBy, id);
}

/** The inviter kept from the share link, or ''. */
export const rememberedInviter = (): string => readJson<string>('session', storageKeys.invitedBy) ?? '';

export const forgetInviter = (): void => writeJson('session', storageKeys.invitedBy, null);

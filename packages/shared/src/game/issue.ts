/**
 * An issue number (docs/design.md#games-and-rounds): the round's local date YYYYMMDD followed by its sequence number of
 * the day (3 digits, more only when rounds are short). Anything outside 8–14 digits cannot name a round.
 */
export const ISSUE_NUMBER_RE = /^\d{8,14}$/;

/** Whether a text can be an issue number (the fair route refuses anything else; the fair screen does not ask). */
export const isIssueNumber = (text: string): boolean => ISSUE_NUMBER_RE.test(text);

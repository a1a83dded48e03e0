/** "110101199003071234" → "1101**********1234": the full ID number never needs to be on screen. */
export const maskIdCard = (idcard: string) => (idcard.length <= 8 ? idcard : `${idcard.slice(0, 4)}${'*'.repeat(idcard.length - 8)}${idcard.slice(-4)}`);

/** A long wallet address shortened in the middle for display. */
export const shortenMiddle = (value: string, head = 10, tail = 8) =>
  value.length <= head + tail + 3 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;

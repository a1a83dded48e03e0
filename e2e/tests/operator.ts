/** The operator side of the specs: the first operator's TOTP enrolment and fresh codes, shared by every spec. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { OPERATOR_PASSWORD } from '../playwright.config';

/** What the specs remember about the operator between files: its TOTP secret and the last time step used. */
const stateFile = () => path.join(process.env.E2E_DATA_DIR!, 'e2e-operator.json');
interface State {
  secret: string | null;
  lastStep: number;
}

function readState(): State {
  try {
    return JSON.parse(fs.readFileSync(stateFile(), 'utf8')) as State;
  } catch {
    return { secret: null, lastStep: 0 };
  }
}
const writeState = (s: State) => fs.writeFileSync(stateFile(), JSON.stringify(s));

const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
const stepNow = () => Math.floor(Date.now() / 30_000);

/**
 * The code that confirms an enrolment with `secret`, remembered with its time step so that the next
 * sign-in waits for a later step (the code and the step it is recorded under are the same one).
 */
export function enrolmentCode(secret: string): string {
  const step = stepNow();
  writeState({ secret, lastStep: step });
  return totpOf(secret).generate({ timestamp: step * 30_000 });
}

export const enrolledSecret = () => readState().secret;

/**
 * A code the server has not seen yet: the server refuses a step already used (RFC 6238 §5.2), so this
 * waits for the next 30-second step when the current one was spent.
 */
export async function freshCode(): Promise<string> {
  const state = readState();
  if (!state.secret) throw new Error('the operator has not enrolled TOTP yet');
  while (stepNow() <= state.lastStep) await new Promise((r) => setTimeout(r, 500));
  const step = stepNow();
  writeState({ ...state, lastStep: step });
  return totpOf(state.secret).generate({ timestamp: step * 30_000 });
}

/** The session this worker already opened (a new sign-in needs a fresh 30-second code). */
let cached: string | null = null;

/** A token of the first operator for API calls, enrolling TOTP first when it has not been. */
export async function operatorToken(request: APIRequestContext): Promise<string> {
  if (cached) {
    const me = await (await request.post('/api/admin/me', { headers: { token: cached }, data: {} })).json();
    if (me.code === 1) return cached;
    cached = null;
  }
  const signIn = async (otp?: string) =>
    (await request.post('/api/admin/login', { data: { username: 'admin', password: OPERATOR_PASSWORD, ...(otp ? { otp } : {}), lang: 'en' } })).json();
  let login = await signIn();
  if (login.field === 'otp') login = await signIn(await freshCode());
  expect(login.code, JSON.stringify(login)).toBe(1);
  const token = login.data.token as string;
  if (!login.data.operator.totp_enabled) {
    const secret = new Secret({ size: 20 }).base32;
    const otp = enrolmentCode(secret);
    const enabled = await (await request.post('/api/admin/totpEnable', { headers: { token }, data: { secret, otp, password: OPERATOR_PASSWORD } })).json();
    expect(enabled.code, JSON.stringify(enabled)).toBe(1);
  }
  cached = token;
  return token;
}

/**
 * A console button's accessible name: antd spaces out a two-character Chinese label ("登 录"), and after
 * a request the button's spinner stays in the name ("loading 登 录") until its leave animation ends,
 * which a loaded headless browser can leave pending for good — so the label is matched at the end.
 */
export const consoleButton = (text: string) => new RegExp(`(^|\\s)${[...text].join('\\s?')}$`);

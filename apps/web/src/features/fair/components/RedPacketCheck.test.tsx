/** /fair's red-packet check (docs/red-packets.md#checking-a-packet): every share recomputed from the revealed seed, the claims checked against them and their hash. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RedPacketClaimRow } from '@lucky28/shared/promotions';
import { configureApiClient } from '../../../lib/api';
import { loadGameTexts } from '../../../i18n/gameTexts';
import { fakeApi, fail, ok, screenAt } from '../../../test/render';
import { FairScreen } from './FairScreen';

// Packet 41 of packages/shared's fixed test vectors (made by an independent generator): 28.88 u in six
// shares, four claimed before it expired; its split and claims hash are written out here, not recomputed.
const SEED = '9834a14ab9bcaa0f6a8da71073617eac8f004e596a3fa11d807b84631b825d9d';
const SEED_HASH = 'cc5adf40f529162c71328b0d8c6f7426e7c827321d4d53de6b99a5aa459b3665';
const CLAIMS_HASH = '86b8831f0bf78f32d36562daa12e9c4ffcab38f55ab68e88c7f2f4d38220709b';
const SPLIT = ['1.71', '2.98', '3.83', '12.49', '5.65', '2.22'];
const claims: RedPacketClaimRow[] = [
  { claim_no: 1, nickname: 'x\t*\n', share: '1.71' },
  { claim_no: 2, nickname: 'a***e', share: '2.98' },
  { claim_no: 3, nickname: '王***明', share: '3.83' },
  { claim_no: 4, nickname: 'N***n', share: '12.49' },
];

const packet = (over: Record<string, unknown> = {}) => ({
  id: 41,
  plan_id: 12,
  total: '28.88',
  shares: 6,
  claimed: 4,
  wallet: 'cash',
  wager_multiple: 0,
  min_at_risk: '0.00',
  at_risk_days: 0,
  greeting: '',
  opens_at: 1_700_000_000,
  closes_at: 1_700_000_600,
  status: 'expired',
  seed_hash: SEED_HASH,
  seed: SEED,
  claims_hash: CLAIMS_HASH,
  claims,
  my_share: null,
  ...over,
});

const hall = { gameList: [], round_seconds: 210, close_before_seconds: 30, time_zone: 'Asia/Shanghai' };

function open(answer: ReturnType<typeof packet> | null, path = '/fair?packet=41') {
  const api = fakeApi({
    '/api/fair/chain': () => ok({ game_id: 7, chain_id: 1, terminal_hash: 'cd'.repeat(32), chains: [] }),
    '/api/Lottery/issueList': () => ok([]),
    '/api/Lottery/index': () => ok(hall),
    '/api/fair/redPacket': () => (answer ? ok(answer) : fail('Red packet not found')),
  });
  configureApiClient({ fetch: api.fetch });
  screenAt('/fair', <FairScreen />, path);
  return api;
}

/** How long the screen may take to answer on a busy machine (not a speed target). */
const LOADED = { timeout: 10_000 };
const verdict = () => screen.findByTestId('fair-packet-verdict', {}, LOADED);
const problems = () => screen.queryAllByTestId('fair-packet-problem').map((p) => p.textContent);
const rows = () =>
  screen.getAllByTestId('fair-packet-row').map((r) => [
    ...within(r)
      .getAllByRole('cell')
      .map((c) => c.textContent),
    r.getAttribute('data-ok'),
  ]);

describe('checking a red packet on /fair', () => {
  beforeAll(() => loadGameTexts());

  it('recomputes every share of a revealed packet from its seed and verifies the claims and their hash', async () => {
    const api = open(packet());
    expect((await verdict()).getAttribute('data-state')).toBe('verified');
    expect(screen.getByTestId('fair-packet-verdict').textContent).toBe('Red packet verified');
    expect(api.calls.find((c) => c.path === '/api/fair/redPacket')?.body.packet_id).toBe('41');
    expect(screen.getByTestId('fair-packet-summary').textContent).toBe('Red packet 41: 28.88 u in 6 shares, 4 claimed');
    expect(screen.getByTestId('fair-packet-seed-hash').textContent).toBe(SEED_HASH);
    expect(rows()).toEqual([
      ['1', 'x\t*\n', '1.71', SPLIT[0], 'true'],
      ['2', 'a***e', '2.98', SPLIT[1], 'true'],
      ['3', '王***明', '3.83', SPLIT[2], 'true'],
      ['4', 'N***n', '12.49', SPLIT[3], 'true'],
      ['5', 'not claimed', '—', SPLIT[4], 'na'],
      ['6', 'not claimed', '—', SPLIT[5], 'na'],
    ]);
    for (const id of ['packet-check-seed', 'packet-check-shares', 'packet-check-hash']) expect(screen.getByTestId(id).getAttribute('data-ok')).toBe('true');
    expect(problems()).toEqual([]);
  });

  const tampered: [string, Record<string, unknown>, string[]][] = [
    [
      'a share paid more than the split gives',
      { claims: claims.map((c) => (c.claim_no === 3 ? { ...c, share: '4.83' } : c)) },
      ['Claim 3 was paid 4.83 u, but the split gives 3.83 u.', 'The claims do not hash to the published claims hash.'],
    ],
    [
      'a claim left out of the sequence',
      { claims: claims.filter((c) => c.claim_no !== 2) },
      [
        'Claim 2 of the sequence is numbered 3: claims must be numbered 1, 2, 3… without a gap or a repeat, and be no more than the shares.',
        'Claim 3 of the sequence is numbered 4: claims must be numbered 1, 2, 3… without a gap or a repeat, and be no more than the shares.',
        'The claims do not hash to the published claims hash.',
      ],
    ],
    [
      'a claim given to another name',
      { claims: claims.map((c) => (c.claim_no === 2 ? { ...c, nickname: 'b***e' } : c)) },
      ['The claims do not hash to the published claims hash.'],
    ],
    ['a seed that is not the committed one', { seed: 'ab'.repeat(32) }, ['The revealed seed does not hash to the seed hash published with the packet.']],
  ];
  it.each(tampered)('refuses a packet with %s, saying why', async (_, over, why) => {
    open(packet(over));
    expect((await verdict()).getAttribute('data-state')).toBe('problems');
    expect(screen.getByTestId('fair-packet-verdict').textContent).toBe('Problems found');
    expect(problems()).toEqual(why);
  });

  it('marks the claim whose share is not the split’s', async () => {
    open(packet({ claims: claims.map((c) => (c.claim_no === 3 ? { ...c, share: '4.83' } : c)) }));
    await verdict();
    expect(rows()[2]).toEqual(['3', '王***明', '4.83', '3.83', 'false']);
    expect(screen.getByTestId('packet-check-shares').getAttribute('data-ok')).toBe('false');
    expect(screen.getByTestId('packet-check-hash').getAttribute('data-ok')).toBe('false');
  });

  it('shows no shares from a seed that is not the committed one', async () => {
    open(packet({ seed: 'ab'.repeat(32) }));
    await verdict();
    expect(screen.getByTestId('packet-check-seed').getAttribute('data-ok')).toBe('false');
    expect(rows().map((r) => r[3])).toEqual(['—', '—', '—', '—', '—', '—']);
  });

  it('before the reveal shows the seed hash and the claims so far, and says when the seed comes out', async () => {
    open(packet({ status: 'open', seed: null, claims_hash: null, claimed: 2, claims: claims.slice(0, 2) }));
    expect((await verdict()).getAttribute('data-state')).toBe('sealed');
    expect(screen.getByTestId('fair-packet').textContent).toContain('The seed is revealed when the packet is empty or expired (its window ends at');
    expect(screen.getByTestId('fair-packet-seed-hash').textContent).toBe(SEED_HASH);
    expect(rows()).toEqual([
      ['1', 'x\t*\n', '1.71', 'na'],
      ['2', 'a***e', '2.98', 'na'],
    ]);
    expect(screen.queryByTestId('packet-check-seed')).toBeNull();
  });

  it('checks a packet whose number is typed in', async () => {
    const api = open(packet(), '/fair');
    const input = (await screen.findByTestId('fair-packet-id', {}, LOADED)).querySelector('input')!;
    fireEvent.change(input, { target: { value: '41' } });
    fireEvent.click(screen.getByTestId('fair-packet-check'));
    expect((await verdict()).getAttribute('data-state')).toBe('verified');
    expect(api.calls.filter((c) => c.path === '/api/fair/redPacket').map((c) => c.body.packet_id)).toEqual(['41']);
  });

  it('says the server’s refusal for a packet it does not know', async () => {
    open(null, '/fair?packet=9');
    await waitFor(() => expect(screen.getByTestId('fair-packet-error').textContent).toBe('Red packet not found'), LOADED);
  });
});

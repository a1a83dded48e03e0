import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setOperatorZone } from '../../../lib/format';
import { changeLanguage } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { fakeServer, ok, refuse, renderScreen } from '../../../test/render';
import type { AdminCampaign } from '../api/campaigns';
import { CampaignsPage } from './CampaignsPage';

const names = (en: string) => ({ zh: `${en} zh`, tw: `${en} tw`, en, vi: `${en} vi` });
const RAKEBACK: AdminCampaign = {
  id: 4,
  kind: 'rakeback',
  title: names('Daily rakeback'),
  terms_text: names('Back every day'),
  terms: {
    tiers: [
      { name: names('Bronze'), min_stake: 0, rate_bp: 1050 },
      { name: names('Silver'), min_stake: 100_000, rate_bp: 2000 },
    ],
  },
  banner: '',
  starts_at: 1_790_000_000,
  ends_at: null,
  enabled: true,
  live: true,
  claims: 3,
  paid: '12.00',
};
const INVALID = 'The campaign terms are incomplete or out of range';

// fireEvent rather than typing key by key: the form re-renders whole at each key, slow in jsdom.
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = (name: string | RegExp = /Save/) => fireEvent.click(screen.getByRole('button', { name }));
function words(title: string) {
  for (const lang of ['Simplified Chinese', 'Traditional Chinese', 'English', 'Vietnamese']) {
    type(`Title (${lang})`, `${title} ${lang}`);
    type(`Terms in plain words (${lang})`, `${title}: the terms in ${lang}`);
  }
}
async function chooseKind(label: string, field = 'Kind') {
  fireEvent.mouseDown(screen.getByLabelText(field));
  fireEvent.click(await screen.findByTitle(label));
}
function server(list: AdminCampaign[] = []) {
  return fakeServer({ campaignList: () => ok(list), campaignSave: () => ok(null) });
}
const saved = (calls: { call: string; body: Record<string, unknown> }[]) => calls.filter((c) => c.call === 'campaignSave').map((c) => c.body);

beforeEach(() => session.set('op-token'));
afterEach(async () => {
  await changeLanguage('en');
});

describe('the campaign editor', () => {
  it('creates a check-in: the seven day rewards typed as amounts, sent as the exact cents', async () => {
    const { calls } = server();
    renderScreen(<CampaignsPage />);
    fireEvent.click(await screen.findByTestId('campaign-add'));
    await screen.findByTestId('terms-check_in');
    words('Check-in');
    ['1', '2.5', '3.00', '4', '5', '6', '10.01'].forEach((v, i) => type(`Day ${i + 1}`, v));
    save();
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    expect(saved(calls)[0]).toMatchObject({
      kind: 'check_in',
      title: { en: 'Check-in English', vi: 'Check-in Vietnamese' },
      terms: { rewards: [100, 250, 300, 400, 500, 600, 1001] },
      enabled: true,
    });
  }, 60_000);

  it('creates a first-deposit bonus: per cent, cap and wagering multiple', async () => {
    const { calls } = server();
    renderScreen(<CampaignsPage />);
    fireEvent.click(await screen.findByTestId('campaign-add'));
    await chooseKind('First-deposit bonus');
    await screen.findByTestId('terms-first_deposit');
    expect(screen.queryByTestId('terms-check_in')).toBeNull();
    words('Welcome');
    type('Bonus', '50');
    type('Largest bonus', '100.5');
    type('Wagering requirement', '3');
    save();
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    expect(saved(calls)[0]).toMatchObject({ kind: 'first_deposit', terms: { percent: 50, cap: 10050, wager_multiple: 3 } });
  }, 60_000);

  it('creates a rakeback with tiers added and removed: names in four languages, 30-day minimum and rate', async () => {
    const { calls } = server();
    renderScreen(<CampaignsPage />);
    fireEvent.click(await screen.findByTestId('campaign-add'));
    await chooseKind('Rakeback');
    await screen.findByTestId('terms-rakeback');
    words('Rakeback');
    const tier = (n: number, lang: string, value: string) => type(`Tier ${n} Name (${lang})`, value);
    for (const [lang, v] of [
      ['Simplified Chinese', '青铜'],
      ['Traditional Chinese', '青銅'],
      ['English', 'Bronze'],
      ['Vietnamese', 'Đồng'],
    ] as const)
      tier(1, lang, v);
    type('Tier 1 Rate', '0.5');
    fireEvent.click(screen.getByTestId('tier-add'));
    fireEvent.click(screen.getByTestId('tier-add'));
    await screen.findByTestId('tier-2');
    for (const [lang, v] of [
      ['Simplified Chinese', '白银'],
      ['Traditional Chinese', '白銀'],
      ['English', 'Silver'],
      ['Vietnamese', 'Bạc'],
    ] as const)
      tier(2, lang, v);
    type('Tier 2 Minimum 30-day stakes', '1000');
    type('Tier 2 Rate', '12.25');
    // The third row is not wanted after all.
    fireEvent.click(screen.getByRole('button', { name: 'Remove tier 3' }));
    await waitFor(() => expect(screen.queryByTestId('tier-2')).toBeNull());
    save();
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    expect(saved(calls)[0]!.terms).toEqual({
      tiers: [
        { name: { zh: '青铜', tw: '青銅', en: 'Bronze', vi: 'Đồng' }, min_stake: 0, rate_bp: 50 },
        { name: { zh: '白银', tw: '白銀', en: 'Silver', vi: 'Bạc' }, min_stake: 100_000, rate_bp: 1225 },
      ],
    });
  }, 60_000);

  it('edits a campaign: its terms shown as amounts and per cents, a change sent with its id', async () => {
    const { calls } = server([RAKEBACK]);
    renderScreen(<CampaignsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByTestId('terms-rakeback');
    expect((screen.getByLabelText('Tier 1 Rate') as HTMLInputElement).value).toBe('10.5');
    expect((screen.getByLabelText('Tier 2 Minimum 30-day stakes') as HTMLInputElement).value).toBe('1000.00');
    expect((screen.getByLabelText('Tier 2 Name (English)') as HTMLInputElement).value).toBe('Silver');
    type('Tier 2 Rate', '25');
    save();
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    expect(saved(calls)[0]).toMatchObject({
      id: 4,
      kind: 'rakeback',
      terms: {
        tiers: [
          { min_stake: 0, rate_bp: 1050 },
          { min_stake: 100_000, rate_bp: 2500 },
        ],
      },
    });
  }, 60_000);

  it('shows each bad value under its field in the console language and sends nothing', async () => {
    const { calls } = server([RAKEBACK]);
    renderScreen(<CampaignsPage />);
    fireEvent.click(await screen.findByTestId('campaign-add'));
    await screen.findByTestId('terms-check_in');
    words('Check-in');
    ['1', '2', '3', '4', '5', '6', '7'].forEach((v, i) => type(`Day ${i + 1}`, v));
    // A third decimal place is not an amount: refused under day 3 only.
    type('Day 3', '1.234');
    save();
    const day3 = screen.getByLabelText('Day 3').closest('.ant-form-item') as HTMLElement;
    expect(await within(day3).findByText(INVALID)).toBeTruthy();
    expect(within(screen.getByLabelText('Day 4').closest('.ant-form-item') as HTMLElement).queryByText(INVALID)).toBeNull();
    // A missing title is the schema's too.
    type('Day 3', '3');
    type('Title (Vietnamese)', '');
    save();
    expect(await screen.findByText('Please enter the title in all four languages')).toBeTruthy();
    type('Title (Vietnamese)', 'Điểm danh');

    // In Traditional Chinese, a bonus of 0 % and a cap with a sign: each under its field, in that language.
    await changeLanguage('zh-TW');
    await chooseKind('首充紅利', '類型');
    await screen.findByTestId('terms-first_deposit');
    type('紅利', '0');
    type('紅利上限', '-5');
    type('流水要求', '2');
    save(/儲\s*存/);
    const tw = '活動條件不完整或超出範圍';
    expect(await within(screen.getByLabelText('紅利').closest('.ant-form-item') as HTMLElement).findByText(tw)).toBeTruthy();
    expect(await within(screen.getByLabelText('紅利上限').closest('.ant-form-item') as HTMLElement).findByText(tw)).toBeTruthy();
    expect(within(screen.getByLabelText('流水要求').closest('.ant-form-item') as HTMLElement).queryByText(tw)).toBeNull();
    expect(saved(calls)).toHaveLength(0);
  }, 60_000);

  it('refuses two rakeback tiers with the same 30-day minimum, naming the second', async () => {
    const { calls } = server([RAKEBACK]);
    renderScreen(<CampaignsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByTestId('terms-rakeback');
    type('Tier 2 Minimum 30-day stakes', '0');
    save();
    const second = screen.getByLabelText('Tier 2 Minimum 30-day stakes').closest('.ant-form-item') as HTMLElement;
    expect(await within(second).findByText(INVALID)).toBeTruthy();
    expect(within(screen.getByLabelText('Tier 1 Minimum 30-day stakes').closest('.ant-form-item') as HTMLElement).queryByText(INVALID)).toBeNull();
    expect(saved(calls)).toHaveLength(0);
  }, 60_000);
});

describe('the rules the editor shows and checks: one campaign of a kind, no start in the past, rakeback with the referral below the edge', () => {
  const under = (label: string | RegExp) => within(screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement);
  const startsIn = (seconds: number) => {
    // The picker's value in the operator's zone (UTC in these tests), to the minute.
    const d = new Date((Math.floor(Date.now() / 60_000) * 60 + seconds) * 1000);
    return d.toISOString().slice(0, 16);
  };

  it('states the rules of the kind chosen: one at a time, the share of the edge, money at risk', async () => {
    server();
    renderScreen(<CampaignsPage />);
    fireEvent.click(await screen.findByTestId('campaign-add'));
    const rules = await screen.findByTestId('campaign-rules');
    expect(rules.textContent).toContain('One campaign of a kind at a time');
    expect(rules.textContent).not.toContain('below 100% of the house edge');
    await chooseKind('Rakeback');
    await screen.findByTestId('terms-rakeback');
    expect(screen.getByTestId('campaign-rules').textContent).toContain(
      "Rakeback's top tier, referral level 1 and level 2 together stay below 100% of the house edge of a stake",
    );
    expect(screen.getByTestId('campaign-rules').textContent).toContain('Tiers count money at risk, not gross stakes');
    await chooseKind('First-deposit bonus');
    await screen.findByTestId('terms-first_deposit');
    expect(screen.getByTestId('campaign-rules').textContent).toContain('The wagering counts money at risk');
  }, 60_000);

  it('refuses a start in the past and a period overlapping a campaign of the kind, under Starts, sending nothing', async () => {
    const { calls } = server([RAKEBACK]);
    renderScreen(<CampaignsPage />);
    fireEvent.click(await screen.findByTestId('campaign-add'));
    await chooseKind('First-deposit bonus');
    await screen.findByTestId('terms-first_deposit');
    words('Welcome');
    type('Bonus', '50');
    type('Largest bonus', '100');
    type('Wagering requirement', '3');
    type('Starts', startsIn(-3_600));
    save();
    expect(await under('Starts').findByText('The start cannot be in the past')).toBeTruthy();
    expect(under('Bonus').queryByText('The start cannot be in the past')).toBeNull();

    // A rakeback while rakeback #4 runs open-ended: the same stakes paid back twice.
    await chooseKind('Rakeback');
    await screen.findByTestId('terms-rakeback');
    for (const lang of ['Simplified Chinese', 'Traditional Chinese', 'English', 'Vietnamese']) type(`Tier 1 Name (${lang})`, 'Bronze');
    type('Tier 1 Rate', '10');
    type('Starts', startsIn(3_600));
    save();
    expect(
      await under('Starts').findByText('Campaign #4 of the same kind runs or is scheduled during this period: one campaign of a kind at a time'),
    ).toBeTruthy();
    expect(saved(calls)).toHaveLength(0);

    // In Vietnamese, the same refusal in that language.
    await changeLanguage('vi');
    save(/Lưu/);
    expect(await under(/Bắt đầu/).findByText(/Chương trình #4 cùng loại/)).toBeTruthy();
    expect(saved(calls)).toHaveLength(0);
  }, 60_000);

  it("shows the server's refusal of a top tier reaching the edge with the referral under the top tier's rate", async () => {
    const msg =
      "Rakeback's top tier (80.00%) and the referral commission (25.00%) together reach 105.00% of the house edge: together they must stay below 100%";
    const { calls } = fakeServer({ campaignList: () => ok([RAKEBACK]), campaignSave: () => ({ body: { ...refuse(msg).body, field: 'terms' } }) });
    renderScreen(<CampaignsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByTestId('terms-rakeback');
    type('Tier 2 Rate', '80');
    save();
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    expect(await under('Tier 2 Rate').findByText(msg)).toBeTruthy();
    expect(under('Tier 1 Rate').queryByText(msg)).toBeNull();
  }, 60_000);
});

describe("each field's own error under it", () => {
  const under = (label: string | RegExp) => within(screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement);

  it('checks a field as the operator leaves it, under that field only, before anything is saved', async () => {
    const { calls } = server();
    renderScreen(<CampaignsPage />);
    fireEvent.click(await screen.findByTestId('campaign-add'));
    await screen.findByTestId('terms-check_in');
    type('Day 2', '1.234');
    fireEvent.blur(screen.getByLabelText('Day 2'));
    expect(await under('Day 2').findByText(INVALID)).toBeTruthy();
    expect(under('Day 1').queryByText(INVALID)).toBeNull();
    type('Title (English)', '   ');
    fireEvent.blur(screen.getByLabelText('Title (English)'));
    expect(await under('Title (English)').findByText('Please enter the title in all four languages')).toBeTruthy();
    expect(under('Title (Vietnamese)').queryByText('Please enter the title in all four languages')).toBeNull();
    // Mended, the error goes as the field changes.
    type('Day 2', '1.23');
    await waitFor(() => expect(under('Day 2').queryByText(INVALID)).toBeNull());
    expect(saved(calls)).toHaveLength(0);
  }, 60_000);

  it("puts the server's refusal under the field it names, the finer field of the form it is about, or says it when the form has no such field", async () => {
    let answer = { msg: '', field: '' };
    const { calls } = fakeServer({ campaignList: () => ok([]), campaignSave: () => ({ body: { ...refuse(answer.msg).body, field: answer.field } }) });
    renderScreen(<CampaignsPage />);
    fireEvent.click(await screen.findByTestId('campaign-add'));
    await screen.findByTestId('terms-check_in');
    words('Check-in');
    ['1', '2', '3', '4', '5', '6', '7'].forEach((v, i) => type(`Day ${i + 1}`, v));

    answer = { msg: 'The banner must be a picture of this site', field: 'banner' };
    type('Banner address', '/uploads/x.png');
    save();
    expect(await under('Banner address').findByText(answer.msg)).toBeTruthy();

    // The titles as a whole, which look right here: under the first title, not in a message above the form.
    answer = { msg: 'Please enter the title in all four languages', field: 'title' };
    save();
    expect(await under('Title (Simplified Chinese)').findByText(answer.msg)).toBeTruthy();
    expect(under('Title (English)').queryByText(answer.msg)).toBeNull();

    // The check-in's terms refused as a whole: under its first day.
    answer = { msg: INVALID, field: 'terms' };
    save();
    expect(await under('Day 1').findByText(INVALID)).toBeTruthy();

    // A campaign gone meanwhile (its id is no field of the form): said in a message.
    answer = { msg: 'Campaign not found', field: 'id' };
    save();
    expect(await screen.findByText('Campaign not found')).toBeTruthy();
    expect(saved(calls)).toHaveLength(4);
  }, 60_000);
});

describe("the campaigns' dates are in the operator's zone, not the browser's", () => {
  const deviceZone = process.env.TZ;
  beforeAll(() => {
    // The browser in Los Angeles, the operator in Shanghai: 15 or 16 hours apart.
    process.env.TZ = 'America/Los_Angeles';
    setOperatorZone('Asia/Shanghai');
  });
  afterAll(() => {
    process.env.TZ = deviceZone;
    setOperatorZone('UTC');
  });

  it("lists them, fills the pickers and sends what was picked in the operator's zone, which it names", async () => {
    expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()).toBe(480);
    // 1_790_000_000 is 2026-09-21 14:13:20 UTC: 22:13 in Shanghai, 07:13 in Los Angeles.
    const { calls } = server([{ ...RAKEBACK, ends_at: 1_790_000_000 + 10 * 86_400 }]);
    renderScreen(<CampaignsPage />);
    expect(await screen.findByText('2026-09-21 22:13 – 2026-10-01 22:13')).toBeTruthy();
    expect(screen.getByTestId('campaigns-zone').textContent).toBe('Times in Asia/Shanghai (UTC+08:00)');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await screen.findByTestId('terms-rakeback');
    expect((screen.getByLabelText('Starts') as HTMLInputElement).value).toBe('2026-09-21T22:13');
    expect((screen.getByLabelText('Ends (empty: open-ended)') as HTMLInputElement).value).toBe('2026-10-01T22:13');
    expect(screen.getByTestId('campaign-form-zone').textContent).toBe('Times in Asia/Shanghai (UTC+08:00)');
    // Midnight starting 1 December, Shanghai: 16:00 UTC on 30 November.
    type('Ends (empty: open-ended)', '2026-12-01T00:00');
    save();
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    expect(saved(calls)[0]).toMatchObject({ starts_at: 1_790_000_000 - 20, ends_at: Date.UTC(2026, 10, 30, 16, 0) / 1000 });
  }, 60_000);
});

describe('Esc on the campaign editor', () => {
  const pressEsc = (dialog: HTMLElement) => fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });

  it('asks before throwing an edited campaign away; Keep editing keeps what was typed', async () => {
    server([RAKEBACK]);
    renderScreen(<CampaignsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByTestId('terms-rakeback');
    type('Tier 2 Rate', '25');
    pressEsc(screen.getByTestId('campaign-form'));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Keep editing' })).toBeNull());
    expect((screen.getByLabelText('Tier 2 Rate') as HTMLInputElement).value).toBe('25');
  }, 60_000);

  it('throws an edited campaign away once the operator confirms', async () => {
    const { calls } = server([RAKEBACK]);
    renderScreen(<CampaignsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByTestId('terms-rakeback');
    type('Tier 2 Rate', '25');
    pressEsc(screen.getByTestId('campaign-form'));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByTestId('campaign-form')).toBeNull());
    expect(saved(calls)).toHaveLength(0);
  }, 60_000);

  it('closes an untouched editor at once', async () => {
    server([RAKEBACK]);
    renderScreen(<CampaignsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByTestId('terms-rakeback');
    pressEsc(screen.getByTestId('campaign-form'));
    await waitFor(() => expect(screen.queryByTestId('campaign-form')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Keep editing' })).toBeNull();
  }, 60_000);
});

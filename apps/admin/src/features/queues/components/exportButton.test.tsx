import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import { DepositQueue } from './DepositQueue';

/** The deposits queue's "Export CSV": the screen's status goes with it, the file is saved under the server's name. */
const saved: { name: string; text: string }[] = [];

beforeEach(() => {
  session.set('op-token');
  saved.length = 0;
  let lastBlob: Blob | undefined;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => ((lastBlob = b), 'blob:csv')), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const name = this.download;
    void lastBlob!.text().then((text) => saved.push({ name, text }));
  });
});
afterEach(() => vi.restoreAllMocks());

/** The fake server, with the export answered as the server does: a CSV attachment (or a refusal envelope). */
function serverWithExport(answer: (body: Record<string, unknown>) => Response) {
  const fake = fakeServer({ queueCounts: () => ok({ deposits: 0, withdrawals: 0, real_names: 0 }), depositList: () => ok([]) });
  const exports: { body: Record<string, unknown>; token: string | null }[] = [];
  const inner = fake.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) !== '/api/admin/export/deposits') return inner(input, init);
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      exports.push({ body, token: new Headers(init?.headers).get('token') });
      return answer(body);
    }),
  );
  return exports;
}

describe('Export CSV on a list screen', () => {
  it("sends the screen's current filter with the operator's token and saves the file under the server's name", async () => {
    const exports = serverWithExport(
      () =>
        new Response('\ufeffID,Amount\r\n9,100.00\r\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="deposits-20261203-1240.csv"' },
        }),
    );
    renderScreen(<DepositQueue />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Approved' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exports).toEqual([{ body: { lang: 'en', status: 1 }, token: 'op-token' }]);
    expect(saved[0]!.name).toBe('deposits-20261203-1240.csv');
    expect(saved[0]!.text).toContain('9,100.00');
  });

  it("shows the server's refusal and saves nothing", async () => {
    serverWithExport(
      () =>
        new Response(JSON.stringify({ code: 403, msg: 'No permission', time: 0, data: null }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderScreen(<DepositQueue />);
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The export failed: No permission')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });
});

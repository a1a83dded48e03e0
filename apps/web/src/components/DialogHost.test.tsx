import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { alertDialog, askDialog, confirmDialog } from './dialogQueue';

/** A screen whose button asks `ask` and records the answer; a confirmed answer goes to /next, as "register now" or "log out" do. */
function Asking({ ask, answers }: { ask: () => Promise<unknown>; answers: unknown[] }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={async () => {
        const answer = await ask();
        answers.push(answer);
        if (answer === true || answer === 'go') navigate('/next');
      }}
    >
      ask
    </button>
  );
}

function open(ask: () => Promise<unknown>) {
  const answers: unknown[] = [];
  const rendered = renderRoutes(
    [
      { path: '/screen', element: <Asking ask={ask} answers={answers} /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    ['/before', '/screen'],
  );
  return { answers, ...rendered };
}
const dialog = async () => (await screen.findByText(/Sure\?|Note/)).closest('.adm-dialog') as HTMLElement;

describe('dialogs Back closes', () => {
  it('Back closes a confirmation as Cancel and stays on the screen; the next Back leaves it', async () => {
    const { answers, router } = open(() => confirmDialog({ content: 'Sure?', confirmText: 'Yes', cancelText: 'No' }));
    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    await dialog();
    await waitFor(() => expect(router.state.location.state).toMatchObject({ layers: ['dialog'] }));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(answers).toEqual([false]));
    await waitFor(() => expect(screen.queryByText('Sure?')).toBeNull());
    expect(router.state.location.pathname).toBe('/screen');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/before');
  });

  it('a confirmation answered on screen takes its history entry with it before the caller goes on', async () => {
    const { answers, router } = open(() => confirmDialog({ content: 'Sure?', confirmText: 'Yes', cancelText: 'No' }));
    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/next'));
    expect(answers).toEqual([true]);
    // Back from the next screen returns to the screen, not to a closed dialog's entry.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/screen');
    expect(router.state.location.state).toBeNull();
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/before');
  });

  it('an alert closes on Back too; dialogs asked together show one after the other', async () => {
    const { answers, router } = open(async () => {
      const first = alertDialog({ content: 'Note 1', confirmText: 'OK' });
      const second = askDialog({
        content: 'Note 2',
        backKey: 'stay',
        actions: [
          { key: 'stay', text: 'Stay' },
          { key: 'go', text: 'Go' },
        ],
      });
      await first;
      return second;
    });
    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    expect(await screen.findByText('Note 1')).toBeTruthy();
    expect(screen.queryByText('Note 2')).toBeNull();
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Note 2')).toBeTruthy();
    fireEvent.click(within((await screen.findByText('Note 2')).closest('.adm-dialog')!).getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/next'));
    expect(answers).toEqual(['go']);
  });

  it("runs an action's own click in the tap itself, before the dialog closes", async () => {
    const order: string[] = [];
    const { answers } = open(() =>
      askDialog({
        content: 'Note',
        backKey: 'ok',
        actions: [
          { key: 'ok', text: 'OK' },
          { key: 'chat', text: 'Chat', onClick: () => order.push('clicked') },
        ],
      }).then((key) => {
        order.push(`answered ${key}`);
        return key;
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Chat' }));
    expect(order).toEqual(['clicked']);
    await waitFor(() => expect(answers).toEqual(['chat']));
    expect(order).toEqual(['clicked', 'answered chat']);
  });

  it('a dialog asked before the host mounts (the app loads the host with the first dialog) shows and stays until answered', async () => {
    const answer = alertDialog({ content: 'Note early', confirmText: 'OK' });
    const { router } = renderRoutes([{ path: '*', element: <div /> }], ['/before', '/screen']);
    const shown = await screen.findByText('Note early');
    await waitFor(() => expect(router.state.location.state).toMatchObject({ layers: ['dialog'] }));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getByText('Note early')).toBe(shown);
    expect((shown.closest('.adm-center-popup') as HTMLElement).style.display).not.toBe('none');
    fireEvent.click(within(shown.closest('.adm-dialog')!).getByRole('button', { name: 'OK' }));
    await answer;
    expect(router.state.location.pathname).toBe('/screen');
    expect(router.state.location.state).toBeNull();
  });
});

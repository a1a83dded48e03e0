import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { starterRoom } from '../../../test/fixtures';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import { RoomEditor } from './RoomEditor';

const room = starterRoom(7);

// fireEvent rather than typing key by key: every key re-renders the whole odds table, slow in jsdom.
const retype = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /Save/ }));

describe('the room editor', () => {
  it('refuses a malformed, negative or zero stake limit before sending, naming the class, and sends what is typed exactly', async () => {
    const { calls } = fakeServer({ roomUpdate: () => ok(null) });
    renderScreen(<RoomEditor room={room} onClose={() => undefined} />);
    await screen.findByLabelText('Big Min stake');
    for (const value of ['-5', '0', '1.234', 'abc']) {
      retype('Big Min stake', value);
      save();
      expect((await screen.findByRole('alert')).textContent, value).toBe('Big: Invalid limit');
    }
    retype('Big Min stake', '20');
    retype('Minimum stake', '-50');
    save();
    expect(await screen.findByText('Invalid limit')).toBeTruthy();
    expect(calls.some((c) => c.call === 'roomUpdate')).toBe(false);
    retype('Minimum stake', '12.5');
    save();
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'roomUpdate')?.body).toMatchObject({
        id: 3,
        min_limit: '12.5',
        join_limit: '0.00',
        odds: [{ class: 1, min: '20', max: '5000.00', odds: '2.00' }],
      }),
    );
  }, 90_000);
});

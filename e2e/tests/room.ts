/** A room for the chat specs: the beginner room of a game, and a member's own browser in it with its live stream open. */
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { openAs, type Member } from './members';

/** The game the room specs play (American 28). */
export const AMERICA = 7;

/** The id of a game's beginner room, from the hall. */
export async function beginnerRoom(request: APIRequestContext, gameId = AMERICA): Promise<number> {
  const hall = (await (await request.post('/api/Lottery/index', { data: { game_id: gameId } })).json()) as {
    data: { gameList: { planList: { id: number; type: number }[] }[] };
  };
  return hall.data.gameList[0]!.planList.find((p) => p.type === 0)!.id;
}

/** The room's address. */
export const roomPath = (plan: number, gameId = AMERICA) => `/betRoom?id=${plan}&game_id=${gameId}`;

/** Opens the room as `member` in `page`, in `language`, once its live stream is open. */
export async function enterRoom(page: Page, member: Member, plan: number, language = 'zh-TW'): Promise<Page> {
  const streamOpened = page.waitForResponse((r) => r.url().includes('/api/Lottery/stream') && r.status() === 200);
  await openAs(page, member, language, roomPath(plan));
  await expect(page.getByTestId('room-countdown')).toBeVisible();
  await streamOpened;
  return page;
}

/** A browser of its own (two players in one room each have one), in the room as `member`. */
export async function roomAs(browser: Browser, member: Member, plan: number, language = 'zh-TW'): Promise<Page> {
  return enterRoom(await (await browser.newContext()).newPage(), member, plan, language);
}

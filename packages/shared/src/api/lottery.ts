import { noInput } from '../schemas/fields.js';
import {
  betEntryData,
  candData,
  drawListSchema,
  drawStatisticsData,
  drawStatisticsSchema,
  streakAlertSchema,
  streakAlertsData,
  hallData,
  hallSchema,
  heartData,
  heartSchema,
  issueListData,
  oddsListData,
  oddsListSchema,
  playOrderSchema,
  streamSchema,
} from '../schemas/lottery.js';
import { memberAccess, playerAccess, publicAccess } from '../access.js';
import { defineCall } from './define.js';

/** The lottery: games and rooms, the live state of a room, bets, draws. Server: apps/server/src/routes/lottery/. */
export const lottery = {
  index: defineCall({
    method: 'POST',
    path: '/api/Lottery/index',
    access: publicAccess,
    summary: 'The games with their rooms (plans); robot_num is the real number of players present.',
    input: hallSchema,
    answer: hallData,
  }),
  heart: defineCall({
    method: 'POST',
    path: '/api/Lottery/heart',
    access: publicAccess,
    summary: 'The live state of the home cards, a game or a room (polled; the fallback of the stream).',
    input: heartSchema,
    answer: heartData,
  }),
  stream: defineCall({
    method: 'GET',
    path: '/api/Lottery/stream',
    kind: 'stream',
    access: publicAccess,
    summary: 'The same state as Lottery/heart pushed as Server-Sent Events whenever it changes.',
    input: streamSchema,
    answer: heartData,
  }),
  oddsList: defineCall({
    method: 'POST',
    path: '/api/Lottery/oddsList',
    access: publicAccess,
    summary: "A room's odds and limits per bet class.",
    input: oddsListSchema,
    answer: oddsListData,
  }),
  playOrder: defineCall({
    method: 'POST',
    path: '/api/Lottery/playOrder',
    access: memberAccess,
    idempotent: true,
    summary:
      'Bets one or several classes at the same stake each in the current round: all accepted or none. Members only: a guest is refused with `err.guest_forbidden`.',
    input: playOrderSchema,
    answer: betEntryData,
  }),
  issueList: defineCall({
    method: 'POST',
    path: '/api/Lottery/issueList',
    access: publicAccess,
    summary: "A game's latest draws, newest first.",
    input: drawListSchema,
    answer: issueListData,
  }),
  cand: defineCall({
    method: 'POST',
    path: '/api/Lottery/cand',
    access: publicAccess,
    summary: "Candles over a game's latest draws (open, close, high, low of the totals in a window of 5).",
    input: drawListSchema,
    answer: candData,
  }),
  statistics: defineCall({
    method: 'POST',
    path: '/api/Lottery/statistics',
    access: publicAccess,
    summary:
      "A game's missing counts (draws since each total and class last came, its longest absence) and current runs, over its own drawn rounds; `msg` says each draw is independent.",
    input: drawStatisticsSchema,
    answer: drawStatisticsData,
  }),
  streakAlerts: defineCall({
    method: 'POST',
    path: '/api/Lottery/streakAlerts',
    access: playerAccess,
    summary: "The caller's streak alerts (none until the player turns one on).",
    input: noInput,
    answer: streakAlertsData,
  }),
  setStreakAlert: defineCall({
    method: 'POST',
    path: '/api/Lottery/setStreakAlert',
    access: playerAccess,
    summary:
      "Turns on (`on` 1, with `run`) or off the caller's alert for a run of a class (size, parity, combination, extreme) in a game; answers the caller's alerts.",
    input: streakAlertSchema,
    answer: streakAlertsData,
  }),
};

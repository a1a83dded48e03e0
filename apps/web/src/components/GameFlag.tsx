import { gameCode } from '@lucky28/shared/game';

/** A game's flag badge: its code on the game's colour (`.game-flag-<code>` in app/styles.css). */
export function GameFlag({ gameId }: { gameId: number }) {
  const code = gameCode(gameId) ?? 'us';
  return (
    <span className={`game-flag game-flag-${code}`} aria-hidden>
      {code.toUpperCase()}
    </span>
  );
}

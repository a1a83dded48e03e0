/** A movement of the promotions budget in words (docs/red-packets.md#the-budget): which text of the console, with what in it. */
export interface MovementOf {
  kind: 'top_up' | 'packet' | 'return';
  packet_id: number | null;
  operator: string | null;
  note: string;
}

export function movementWords(m: MovementOf): { key: string; params: Record<string, string | number> } {
  if (m.kind === 'top_up') {
    const operator = m.operator ?? '—';
    return m.note ? { key: 'packets.movement.topUpNote', params: { operator, note: m.note } } : { key: 'packets.movement.topUp', params: { operator } };
  }
  const id = m.packet_id ?? '—';
  return m.kind === 'packet' ? { key: 'packets.movement.packet', params: { id } } : { key: 'packets.movement.return', params: { id } };
}

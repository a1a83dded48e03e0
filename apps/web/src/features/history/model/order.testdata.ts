/** A settled, winning order row as `user/orderList` answers it (tests of the history screens and model). */
export const settledWinningOrder = {
  orderNo: 'B1',
  plan_name: 'Beginner',
  play_method: 'Big',
  play_type: 1,
  quantity: '10.00',
  status: 1,
  profit: '10.00',
  whether_hit: 1,
  createtime: 1735700000,
  lottery_code: '3 5 7 15',
  issue: '20250101001',
  name: 'American 28',
  game_id: 7,
  odds: '2.00',
  payout: '20.00',
};

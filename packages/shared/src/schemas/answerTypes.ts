/**
 * The answers' TypeScript types, inferred from the zod schemas the server declares on its routes —
 * the one description of each answer. Type-only: a client imports these with `import type` and no
 * zod enters its bundle.
 */
import type { z } from 'zod';
import type { boundPayAccountData, loginInfoData, safetyInfoData, userInfoData, userinfoData } from './account.js';
import type {
  betEntryData,
  candData,
  fairAcceptedBetsData,
  drawStatisticsData,
  fairChainData,
  fairRoundData,
  feedEntryData,
  gameHeartData,
  hallData,
  homeHeartData,
  issueListData,
  oddsListData,
  orderListData,
  roomHeartData,
} from './lottery.js';
import type { supportConfigData, supportHandoffData } from './support.js';
import type { chatBetData, chatListData, chatMyMuteData, chatRoomEventData, chatMessageData, chatSystemPostData } from './chat.js';
import type { adminChatMessagesData, chatFilterData, chatMuteListData, chatReportListData, chatRoomListData } from './chatModeration.js';
import type { netPositionData, orderTotalsData, protectionInfoData, protectionStatusData, takeBreakData } from './protection.js';
import type { siteConfigData } from './adminSettings.js';
import type {
  depositDetailsData,
  depositRequestData,
  ledgerRowData,
  realNameInfoData,
  shimingData,
  uploadData,
  withdrawActionData,
  withdrawInfoData,
} from './wallet.js';
import type {
  adminAnnouncementData,
  adminArticleData,
  adminBannerData,
  adminTabData,
  articleData,
  articleListData,
  articlePageData,
  bannerData,
  inviteInfoData,
  noticeData,
  noticeListData,
  noticeUnreadData,
} from './content.js';

// Accounts
export type LoginInfo = z.infer<typeof loginInfoData>;
/** Login, register, guest login and a password change answer `{ userinfo }`. */
export type LoginAnswer = z.infer<typeof userinfoData>;
export type UserInfo = z.infer<typeof userInfoData>;
export type SafetyInfo = z.infer<typeof safetyInfoData>;
/** A bound payout account as its owner sees it (masked), with whether a card's holder was checked. */
export type PayAccount = z.infer<typeof boundPayAccountData>;

// Lottery
export type Hall = z.infer<typeof hallData>;
export type HallGame = Hall['gameList'][number];
export type HallRoom = HallGame['planList'][number];
export type HomeHeart = z.infer<typeof homeHeartData>;
export type HomeGameRound = HomeHeart['games'][number];
export type GameHeart = z.infer<typeof gameHeartData>;
export type RoomHeart = z.infer<typeof roomHeartData>;
export type LastIssue = NonNullable<RoomHeart['last_issue']>;
export type HitNotice = RoomHeart['hit_notice'][number];
export type FeedEntry = z.infer<typeof feedEntryData>;
export type OddsList = z.infer<typeof oddsListData>;
export type OddsEntry = OddsList['rule_base'][number];
export type BetEntry = z.infer<typeof betEntryData>;
export type DrawEntry = z.infer<typeof issueListData>[number];
export type DrawStatistics = z.infer<typeof drawStatisticsData>;
export type CandleEntry = z.infer<typeof candData>[number];

// Chat
export type ChatMessage = z.infer<typeof chatMessageData>;
export type ChatList = z.infer<typeof chatListData>;
export type ChatSystemPost = z.infer<typeof chatSystemPostData>;
/** The stream's `chat_room` event: a room's state, pushed when an operator changes it. */
export type ChatRoomEvent = z.infer<typeof chatRoomEventData>;
/** The stream's `chat_mute` event (and chat.list's `my_mute`): the player's own mute, or null. */
export type ChatMyMute = z.infer<typeof chatMyMuteData>;
export type ChatRoomList = z.infer<typeof chatRoomListData>;
export type ChatRoomSettings = ChatRoomList['list'][number];
export type AdminChatMessages = z.infer<typeof adminChatMessagesData>;
export type AdminChatMessage = AdminChatMessages['list'][number];
export type ChatMuteList = z.infer<typeof chatMuteListData>;
export type ChatFilter = z.infer<typeof chatFilterData>;
export type ChatReportList = z.infer<typeof chatReportListData>;
export type ChatReport = ChatReportList['list'][number];
export type ChatBet = z.infer<typeof chatBetData>;
export type OrderRow = z.infer<typeof orderListData>[number];
export type FairRound = z.infer<typeof fairRoundData>;
export type FairChain = z.infer<typeof fairChainData>;
export type FairAcceptedBets = z.infer<typeof fairAcceptedBetsData>;

// Wallet
export type DepositDetails = z.infer<typeof depositDetailsData>;
export type DepositRequest = z.infer<typeof depositRequestData>;
export type WithdrawInfo = z.infer<typeof withdrawInfoData>;
export type WithdrawAction = z.infer<typeof withdrawActionData>;
export type LedgerEntry = z.infer<typeof ledgerRowData>;
export type RealNameInfo = z.infer<typeof realNameInfoData>;
/** user/shiming: the new real-name status. */
export type RealNameStatus = z.infer<typeof shimingData>;
export type UploadAnswer = z.infer<typeof uploadData>;

// Support
export type SupportConfig = z.infer<typeof supportConfigData>;
/** `common/siteConfig`: the operator's settings players see (version label, minimum withdrawal). */
export type SiteConfig = z.infer<typeof siteConfigData>;
export type SupportHandoff = z.infer<typeof supportHandoffData>;

// Player protection
export type ProtectionInfo = z.infer<typeof protectionInfoData>;
export type LimitInfo = ProtectionInfo['limits'][number];
export type ExclusionInfo = z.infer<typeof takeBreakData>;
export type NetPosition = z.infer<typeof netPositionData>;
export type PositionTotals = NetPosition['today'];
export type OrderTotals = z.infer<typeof orderTotalsData>;
export type ProtectionStatus = z.infer<typeof protectionStatusData>;

// Content, notices and invitations and their console calls
export type Article = z.infer<typeof articleData>;
export type ArticleList = z.infer<typeof articleListData>;
export type ArticlePage = z.infer<typeof articlePageData>;
export type Banner = z.infer<typeof bannerData>;
export type Notice = z.infer<typeof noticeData>;
export type NoticeList = z.infer<typeof noticeListData>;
export type NoticeUnread = z.infer<typeof noticeUnreadData>;
export type InviteInfo = z.infer<typeof inviteInfoData>;
export type AdminBanner = z.infer<typeof adminBannerData>;
export type AdminTab = z.infer<typeof adminTabData>;
export type AdminArticle = z.infer<typeof adminArticleData>;
export type AdminAnnouncement = z.infer<typeof adminAnnouncementData>;

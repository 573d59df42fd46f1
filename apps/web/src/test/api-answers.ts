import type { LoginResponse, MeResponse, MessageResponse } from '@papo/contract/auth';
import type { ChannelSummary } from '@papo/contract/channels';
import type { FavoriteChannelsAnswer } from '@papo/contract/chat';
import type { Company } from '@papo/contract/company';
import type { ContactDetail, ContactReplyResponse, ContactSentResponse, MailboxPage } from '@papo/contract/contact';
import type {
  BlockList,
  BlockedUser,
  ConversationPage,
  ConversationSummary,
  SentPrivateMessage,
} from '@papo/contract/conversations';
import type { ErrorBody } from '@papo/contract/errors';
import type { HomeNewsSaved, HomeNewsSelection } from '@papo/contract/home';
import type { IrcInfo } from '@papo/contract/irc';
import type { MemberPicturesAnswer } from '@papo/contract/member-pictures';
import type { OperationsAnswer } from '@papo/contract/operations';
import type { NotificationList, NotificationsMarked } from '@papo/contract/notifications';
import type { UserProfile } from '@papo/contract/profile';
import type {
  AlbumCategory,
  AlbumCreated,
  AlbumDetail,
  AlbumPage,
  AlbumSaved,
  StoreDetail,
  StoreItem,
  StorePage,
  SuggestedDescription,
} from '@papo/contract/stores';

/** A refused call's body, whatever the call: a message key and per-field keys. */
export type ApiRefusal = ErrorBody;

/**
 * What the server answers (2xx) to each call the web tests fake, by `METHOD /path`, in the contract's types: a
 * fake answer of another shape fails typecheck. A test faking a new call adds it here first.
 */
export interface ApiAnswers {
  'POST /api/auth/logout': MessageResponse;
  'POST /api/auth/refresh': LoginResponse;
  [company: `GET /api/company/${number}`]: Company;
  'GET /api/favorite-channels': FavoriteChannelsAnswer;
  [channel: `GET /api/channels/${string}`]: ChannelSummary;
  'GET /api/me': MeResponse;
  'GET /api/userprofile': UserProfile;
  'GET /api/member-pictures': MemberPicturesAnswer;
  'GET /api/irc': IrcInfo;
  'POST /api/typing': { status: 'success' };
  'GET /api/blocks': BlockList;
  'POST /api/blocks': { message: string; user: Omit<BlockedUser, 'blockedAt'> };
  'POST /api/contact': ContactSentResponse;
  'GET /api/conversations': ConversationSummary[];
  'POST /api/conversations/private/messages': SentPrivateMessage;
  [conversation: `POST /api/conversations/${number}`]: ConversationPage;
  [contact: `GET /api/contacts/${number}`]: ContactDetail;
  [reply: `POST /api/contacts/${number}/reply`]: ContactReplyResponse;
  'GET /api/mailbox': MailboxPage;
  'GET /api/operations': OperationsAnswer;
  'GET /api/notifications': NotificationList;
  [marked: `POST /api/notifications/${number}/mark-as-read`]: NotificationsMarked;
  'POST /api/notifications/mark-all-read': NotificationsMarked;
  'GET /api/stores': StorePage;
  [store: `GET /api/shop/${string}`]: StoreDetail;
  'GET /api/albums': AlbumPage;
  'GET /api/album-categories': AlbumCategory[];
  [album: `GET /api/albumInfo/${number}`]: AlbumDetail;
  'POST /api/album/add': AlbumCreated;
  [edit: `PUT /api/album_edit/${number}`]: AlbumSaved;
  [described: `POST /api/album/${number}/suggestStoreDescription`]: SuggestedDescription;
  'POST /api/save-publish-state': { published: boolean; revision: number };
  'POST /api/upload-album-picture': { imageUrl: string; thumbnail: string; position: number; revision: number };
  'POST /api/save-affiliate-link': Pick<StoreItem, 'position' | 'description'> & {
    actionUrl: string;
    revision: number;
  };
  'POST /api/delete-item': Pick<StoreItem, 'position'> & { revision: number };
  'GET /api/homeNews': HomeNewsSelection;
  'PUT /api/homeNews': HomeNewsSaved;
}

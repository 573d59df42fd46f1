// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser calls routes through these: only their types come from the contract modules, so no zod at run time.
import type { BrowserRoutes } from './api-route.js';
import type * as accountModule from './account.js';
import type * as articleSchemasModule from './article-schemas.js';
import type * as authModule from './auth.js';
import type * as bioModule from './bio.js';
import type * as channelBansModule from './channel-bans.js';
import type * as channelDirectoryModule from './channel-directory.js';
import type * as channelsModule from './channels.js';
import type * as chatModule from './chat.js';
import type * as companyModule from './company.js';
import type * as contactModule from './contact.js';
import type * as conversationsModule from './conversations.js';
import type * as editorModule from './editor.js';
import type * as editorArticlesModule from './editor-articles.js';
import type * as editorPreviewModule from './editor-preview.js';
import type * as homeModule from './home.js';
import type * as ircModule from './irc.js';
import type * as mediaModule from './media.js';
import type * as memberPicturesModule from './member-pictures.js';
import type * as notificationsModule from './notifications.js';
import type * as openChannelsModule from './open-channels.js';
import type * as profileModule from './profile.js';
import type * as pushModule from './push.js';
import type * as searchModule from './search.js';
import type * as storesModule from './stores.js';
import type * as storesStaffModule from './stores-staff.js';

export const accountRoutes: BrowserRoutes<typeof accountModule.accountRoutes> = {
  changePassword: { method: 'PUT', path: '/api/account/password', auth: 'member', body: 'json' },
  sessions: { method: 'GET', path: '/api/account/sessions', auth: 'member' },
  endSession: { method: 'DELETE', path: '/api/account/sessions/:id', auth: 'member' },
  endOtherSessions: { method: 'DELETE', path: '/api/account/sessions', auth: 'member' },
  requestExport: { method: 'POST', path: '/api/account/export', auth: 'member' },
  exportFile: { method: 'GET', path: '/api/account/export', auth: 'member' },
  deleteAccount: { method: 'DELETE', path: '/api/account', auth: 'member', body: 'json' },
};

export const articleRoutes: BrowserRoutes<typeof articleSchemasModule.articleRoutes> = {
  list: { method: 'GET', path: '/api/articles', auth: 'public', query: ['page', 'limit', 'category'] },
  article: { method: 'GET', path: '/api/article/:slug', auth: 'public' },
  related: { method: 'GET', path: '/api/article/:slug/related', auth: 'public' },
  author: { method: 'GET', path: '/api/authors/:username', auth: 'public' },
  latest: { method: 'GET', path: '/api/articleLast', auth: 'public' },
  categories: { method: 'GET', path: '/api/article-categories', auth: 'public' },
  lyrics: { method: 'GET', path: '/api/lyrics', auth: 'public', query: ['page', 'limit'] },
  lyric: { method: 'GET', path: '/api/lyrics/:slug', auth: 'public' },
};

export const authRoutes: BrowserRoutes<typeof authModule.authRoutes> = {
  checkUsername: { method: 'GET', path: '/api/check-username', auth: 'public', query: ['username'] },
  signup: { method: 'POST', path: '/api/signup', auth: 'public', body: 'json' },
  confirmCode: { method: 'POST', path: '/api/confirmCode', auth: 'public', body: 'json' },
  resendCode: { method: 'POST', path: '/api/resend-code', auth: 'public', body: 'json' },
  login: { method: 'POST', path: '/api/login_check', auth: 'public', body: 'json' },
  refresh: { method: 'POST', path: '/api/auth/refresh', auth: 'public', body: 'json' },
  logout: { method: 'POST', path: '/api/auth/logout', auth: 'public', body: 'json' },
  me: { method: 'GET', path: '/api/me', auth: 'member' },
  providers: { method: 'GET', path: '/api/auth/providers', auth: 'public' },
  googleLogin: { method: 'POST', path: '/api/google_login', auth: 'public', body: 'json' },
  forgotPassword: { method: 'POST', path: '/api/forgot-password', auth: 'public', body: 'json' },
  resetPassword: { method: 'POST', path: '/api/reset-password', auth: 'public', body: 'json' },
};

export const publicBioRoutes: BrowserRoutes<typeof bioModule.publicBioRoutes> = {
  page: { method: 'GET', path: '/api/pages/bio', auth: 'public', query: ['center', 'tag'] },
  search: { method: 'GET', path: '/api/searchBioInput', auth: 'public', query: ['q'] },
  tag: { method: 'GET', path: '/api/searchBio', auth: 'public', query: ['name'] },
  person: { method: 'GET', path: '/api/person/:id', auth: 'public' },
};

export const staffBioRoutes: BrowserRoutes<typeof bioModule.staffBioRoutes> = {
  list: { method: 'GET', path: '/api/bio', auth: 'staff', query: ['filter'] },
  entry: { method: 'GET', path: '/api/bio/:id', auth: 'staff' },
  revisions: { method: 'GET', path: '/api/bio/:id/revisions', auth: 'staff' },
  revision: { method: 'GET', path: '/api/bio/:id/revisions/:revision', auth: 'staff' },
  restore: { method: 'POST', path: '/api/bio/:id/revisions/:revision/restore', auth: 'staff' },
  create: { method: 'POST', path: '/api/bio', auth: 'staff', body: 'json' },
  update: { method: 'PUT', path: '/api/bio/:id', auth: 'staff', body: 'json' },
  remove: { method: 'DELETE', path: '/api/bio/:id', auth: 'staff' },
  cover: { method: 'POST', path: '/api/uploadBioCover', auth: 'staff', body: 'multipart' },
};

export const channelBanRoutes: BrowserRoutes<typeof channelBansModule.channelBanRoutes> = {
  list: { method: 'GET', path: '/api/channel-bans', auth: 'member', query: ['channel'] },
};

export const channelDirectoryRoutes: BrowserRoutes<typeof channelDirectoryModule.channelDirectoryRoutes> = {
  search: { method: 'GET', path: '/api/channel-directory', auth: 'public', query: ['after', 'limit', 'q'] },
};

export const channelRoutes: BrowserRoutes<typeof channelsModule.channelRoutes> = {
  list: { method: 'GET', path: '/api/channels', auth: 'public', query: ['after', 'limit'] },
  one: { method: 'GET', path: '/api/channels/:name', auth: 'public' },
};

export const chatRoutes: BrowserRoutes<typeof chatModule.chatRoutes> = {
  sendMessage: { method: 'POST', path: '/api/send-message', auth: 'member', body: 'json' },
  latestTopic: { method: 'POST', path: '/api/latest-topic', auth: 'member', body: 'json' },
  updateTopic: { method: 'PUT', path: '/api/topic', auth: 'member', body: 'json' },
  channelLevel: { method: 'POST', path: '/api/channel-level', auth: 'member', body: 'json' },
  kick: { method: 'POST', path: '/api/kick', auth: 'member', body: 'json' },
  ban: { method: 'POST', path: '/api/ban', auth: 'member', body: 'json' },
  unban: { method: 'POST', path: '/api/unban', auth: 'member', body: 'json' },
  favoriteChannels: { method: 'GET', path: '/api/favorite-channels', auth: 'member' },
  addFavoriteChannel: { method: 'POST', path: '/api/favorite-channels', auth: 'member', body: 'json' },
  removeFavoriteChannel: { method: 'DELETE', path: '/api/favorite-channels/:name', auth: 'member' },
  whois: { method: 'GET', path: '/api/nickserv-whois', auth: 'member', query: ['username'] },
};

export const companyRoutes: BrowserRoutes<typeof companyModule.companyRoutes> = {
  get: { method: 'GET', path: '/api/company/:id', auth: 'public' },
};

export const contactRoutes: BrowserRoutes<typeof contactModule.contactRoutes> = {
  form: { method: 'POST', path: '/api/contact', auth: 'public', body: 'form' },
  chat: { method: 'POST', path: '/api/contact/chat', auth: 'public', body: 'json' },
  mailbox: { method: 'GET', path: '/api/mailbox', auth: 'staff', query: ['page', 'limit'] },
  message: { method: 'GET', path: '/api/contacts/:id', auth: 'staff' },
  reply: { method: 'POST', path: '/api/contacts/:id/reply', auth: 'staff', body: 'json' },
};

export const blockRoutes: BrowserRoutes<typeof conversationsModule.blockRoutes> = {
  list: { method: 'GET', path: '/api/blocks', auth: 'member' },
  block: { method: 'POST', path: '/api/blocks', auth: 'member', body: 'json' },
  unblock: { method: 'DELETE', path: '/api/blocks/:userId', auth: 'member' },
};

export const conversationRoutes: BrowserRoutes<typeof conversationsModule.conversationRoutes> = {
  add: { method: 'POST', path: '/api/add-conversation', auth: 'member', body: 'json' },
  list: { method: 'GET', path: '/api/conversations', auth: 'member', query: ['selectedConversationId'] },
  page: { method: 'POST', path: '/api/conversations/:id', auth: 'member', query: ['before', 'after'] },
  send: { method: 'POST', path: '/api/conversations/private/messages', auth: 'member', body: 'json' },
  typing: { method: 'POST', path: '/api/typing', auth: 'member', body: 'json' },
};

export const imageLibraryRoutes: BrowserRoutes<typeof editorModule.imageLibraryRoutes> = {
  importImage: { method: 'POST', path: '/api/editor/library/import', auth: 'staff', body: 'json' },
  uses: { method: 'GET', path: '/api/uploads/:folder/:file/uses', auth: 'staff' },
  remove: { method: 'DELETE', path: '/api/uploads/:folder/:file', auth: 'staff' },
};

export const uploadRoutes: BrowserRoutes<typeof editorModule.uploadRoutes> = {
  upload: { method: 'POST', path: '/api/uploadImage', auth: 'staff', body: 'multipart' },
  list: { method: 'GET', path: '/api/uploads', auth: 'staff', query: ['page'] },
};

export const articleCoverRoutes: BrowserRoutes<typeof editorArticlesModule.articleCoverRoutes> = {
  pick: { method: 'PUT', path: '/api/editor_edit_cover/:id', auth: 'staff', body: 'json' },
  upload: { method: 'POST', path: '/api/uploadArticleCover', auth: 'staff', body: 'multipart' },
};

export const articleRevisionRoutes: BrowserRoutes<typeof editorArticlesModule.articleRevisionRoutes> = {
  list: { method: 'GET', path: '/api/editor/articles/:id/revisions', auth: 'staff' },
  read: { method: 'GET', path: '/api/editor/articles/:id/revisions/:revision', auth: 'staff' },
  restore: { method: 'POST', path: '/api/editor/articles/:id/revisions/:revision/restore', auth: 'staff' },
};

export const editorArticleRoutes: BrowserRoutes<typeof editorArticlesModule.editorArticleRoutes> = {
  create: { method: 'POST', path: '/api/editor/articles', auth: 'staff', body: 'json' },
  save: { method: 'PUT', path: '/api/editor/articles/:id', auth: 'staff', body: 'json', query: ['autosave'] },
  publish: { method: 'POST', path: '/api/editor/articles/:id/publish', auth: 'staff' },
  remove: { method: 'DELETE', path: '/api/editor/articles/:id', auth: 'staff' },
  read: { method: 'GET', path: '/api/articles/:id', auth: 'staff' },
  list: { method: 'GET', path: '/api/editor_latest', auth: 'staff', query: ['lyrics', 'page', 'q', 'status'] },
  categoryStep: { method: 'PUT', path: '/api/editor_edit2/:id', auth: 'staff', body: 'form' },
};

export const articlePreviewRoutes: BrowserRoutes<typeof editorPreviewModule.articlePreviewRoutes> = {
  preview: { method: 'GET', path: '/api/editor/articles/:id/preview', auth: 'staff', query: ['revision'] },
  createLink: { method: 'POST', path: '/api/editor/articles/:id/preview-links', auth: 'staff' },
  links: { method: 'GET', path: '/api/editor/articles/:id/preview-links', auth: 'staff' },
  revokeLink: { method: 'DELETE', path: '/api/editor/articles/:id/preview-links/:link', auth: 'staff' },
  byToken: { method: 'GET', path: '/api/preview/:token', auth: 'public' },
};

export const homeRoutes: BrowserRoutes<typeof homeModule.homeRoutes> = {
  news: { method: 'GET', path: '/api/news', auth: 'optional', query: ['lang'] },
  newsPicker: { method: 'GET', path: '/api/newsPicker', auth: 'staff', query: ['source', 'query'] },
  homeNews: { method: 'GET', path: '/api/homeNews', auth: 'staff', query: ['lang'] },
  saveHomeNews: { method: 'PUT', path: '/api/homeNews', auth: 'staff', body: 'json' },
  survey: { method: 'GET', path: '/api/survey', auth: 'optional' },
  vote: { method: 'POST', path: '/api/survey/vote', auth: 'optional', body: 'json' },
  latestUsers: { method: 'GET', path: '/api/latestUsers', auth: 'public' },
};

export const ircRoutes: BrowserRoutes<typeof ircModule.ircRoutes> = {
  info: { method: 'GET', path: '/api/irc', auth: 'public' },
};

export const mediaRoutes: BrowserRoutes<typeof mediaModule.mediaRoutes> = {
  channelContent: { method: 'GET', path: '/api/youtube/channel-content', auth: 'public' },
  videoDetails: { method: 'GET', path: '/api/youtube/video-details', auth: 'public', query: ['videoId'] },
  videoSearch: { method: 'GET', path: '/api/youtube/search', auth: 'public', query: ['pageToken'] },
  cryptos: { method: 'GET', path: '/api/cryptos', auth: 'public' },
  courseLanding: { method: 'GET', path: '/api/course-landing', auth: 'public' },
};

export const musicRoutes: BrowserRoutes<typeof mediaModule.musicRoutes> = {
  tracks: { method: 'GET', path: '/api/music/tracks', auth: 'public' },
};

export const memberPictureRoutes: BrowserRoutes<typeof memberPicturesModule.memberPictureRoutes> = {
  list: { method: 'GET', path: '/api/member-pictures', auth: 'member', query: ['ids'] },
};

export const notificationRoutes: BrowserRoutes<typeof notificationsModule.notificationRoutes> = {
  list: { method: 'GET', path: '/api/notifications', auth: 'member', query: ['before'] },
  markRead: { method: 'POST', path: '/api/notifications/:id/mark-as-read', auth: 'member' },
  markAllRead: { method: 'POST', path: '/api/notifications/mark-all-read', auth: 'member' },
};

export const openChannelRoutes: BrowserRoutes<typeof openChannelsModule.openChannelRoutes> = {
  list: { method: 'GET', path: '/api/open-channels', auth: 'member' },
  open: { method: 'PUT', path: '/api/open-channels/:name', auth: 'member' },
  close: { method: 'DELETE', path: '/api/open-channels/:name', auth: 'member' },
};

export const nicknameRoutes: BrowserRoutes<typeof profileModule.nicknameRoutes> = {
  list: { method: 'GET', path: '/api/nicknames', auth: 'member' },
  add: { method: 'POST', path: '/api/nicknames', auth: 'member', body: 'json' },
  remove: { method: 'DELETE', path: '/api/nicknames/:id', auth: 'member' },
  select: { method: 'POST', path: '/api/select-nickname', auth: 'member', body: 'json' },
};

export const profileRoutes: BrowserRoutes<typeof profileModule.profileRoutes> = {
  profile: { method: 'GET', path: '/api/userprofile', auth: 'member' },
  updateGender: { method: 'POST', path: '/api/update-gender', auth: 'member', body: 'json' },
  updateLanguage: { method: 'POST', path: '/api/update-language', auth: 'member', body: 'json' },
  updateWelcomeMessage: { method: 'POST', path: '/api/update-welcome-message', auth: 'member', body: 'json' },
  updateBirthday: { method: 'POST', path: '/api/update-birthday', auth: 'member', body: 'json' },
  updateInstagram: { method: 'POST', path: '/api/update-instagram', auth: 'member', body: 'json' },
  updateYoutube: { method: 'POST', path: '/api/update-youtube', auth: 'member', body: 'json' },
  uploadPicture: { method: 'POST', path: '/api/upload-profile-picture', auth: 'member', body: 'multipart' },
};

export const pushRoutes: BrowserRoutes<typeof pushModule.pushRoutes> = {
  key: { method: 'GET', path: '/api/push/key', auth: 'public' },
  subscribe: { method: 'POST', path: '/api/push/subscriptions', auth: 'member', body: 'json' },
  unsubscribe: { method: 'DELETE', path: '/api/push/subscriptions', auth: 'member', body: 'json' },
};

export const searchRoutes: BrowserRoutes<typeof searchModule.searchRoutes> = {
  blog: { method: 'GET', path: '/api/search', auth: 'public', query: ['q', 'exact'] },
  lyrics: { method: 'GET', path: '/api/search_lyrics', auth: 'public', query: ['q', 'exact'] },
};

export const publicStoreRoutes: BrowserRoutes<typeof storesModule.publicStoreRoutes> = {
  shops: { method: 'GET', path: '/api/stores', auth: 'public', query: ['page', 'limit'] },
  courses: { method: 'GET', path: '/api/courses', auth: 'public', query: ['page', 'limit'] },
  latest: { method: 'GET', path: '/api/latestStores', auth: 'public' },
  store: { method: 'GET', path: '/api/shop/:slug', auth: 'public' },
  ads: { method: 'GET', path: '/api/ads', auth: 'public' },
};

export const staffStoreRoutes: BrowserRoutes<typeof storesStaffModule.staffStoreRoutes> = {
  categories: { method: 'GET', path: '/api/album-categories', auth: 'staff' },
  list: { method: 'GET', path: '/api/albums', auth: 'staff', query: ['page', 'limit'] },
  album: { method: 'GET', path: '/api/album/:id', auth: 'staff' },
  albumInfo: { method: 'GET', path: '/api/albumInfo/:id', auth: 'staff' },
  revisions: { method: 'GET', path: '/api/album/:id/revisions', auth: 'staff' },
  revision: { method: 'GET', path: '/api/album/:id/revisions/:revision', auth: 'staff' },
  restore: { method: 'POST', path: '/api/album/:id/revisions/:revision/restore', auth: 'staff' },
  publishChanges: { method: 'POST', path: '/api/album/:id/publish-changes', auth: 'staff' },
  discardChanges: { method: 'DELETE', path: '/api/album/:id/changes', auth: 'staff' },
  addAlbum: { method: 'POST', path: '/api/album/add', auth: 'staff', body: 'json' },
  addCourseStore: { method: 'POST', path: '/api/courseStore/add', auth: 'staff', body: 'json' },
  edit: { method: 'PUT', path: '/api/album_edit/:id', auth: 'staff', body: 'json' },
  publishState: { method: 'POST', path: '/api/save-publish-state', auth: 'staff', body: 'json' },
  picture: { method: 'POST', path: '/api/upload-album-picture', auth: 'staff', body: 'multipart' },
  affiliateLink: { method: 'POST', path: '/api/save-affiliate-link', auth: 'staff', body: 'multipart' },
  deleteItem: { method: 'POST', path: '/api/delete-item', auth: 'staff', body: 'json' },
  cover: { method: 'POST', path: '/api/uploadAlbumCover', auth: 'staff', body: 'multipart' },
  suggestDescription: { method: 'POST', path: '/api/album/:id/suggestStoreDescription', auth: 'staff' },
};

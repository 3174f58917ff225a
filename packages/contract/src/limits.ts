// Business constants and limits of spec §9, shared by server and web.
export const limits = {
  passwordMin: 8,
  passwordMax: 16,
  apiTimeoutMs: 6000,
  mcpTimeoutMs: 60000,
  guardInitTimeoutMs: 15000,
  scrollThrottleMs: 100,
  commentsPageSize: 10000,
  conversationTitleMax: 100,
  toastDurationMs: 3000,
  toastOffsetPx: 16,
  badgeMax: 99,
  mobileBreakpointPx: 992,
  treeIndentPx: 20,
  gridPageSize: 10,
  gridPageSizes: [10, 20, 50],
  gridPagerCount: 7,
  nameMax: 255,
  nicknameMax: 32,
  avatarMaxBytes: 2 * 1024 * 1024,
  // SMS codes (architecture §2)
  smsCodeLength: 6,
  smsCodeTtlSeconds: 300,
  smsCodeMaxTries: 5,
  smsResendSeconds: 60,
  smsDailyPerPhone: 10,
  smsDailyPerIp: 50,
} as const;

export const defaultConversationTitle = 'new conversation';

// Error catalogue of spec §8: app codes carried in the envelope's `code`, the HTTP status each
// maps to, and the messages shown for them in the three product languages.
import type { Locale } from './locale.js';

export const ErrorCode = {
  success: 0,
  failed: 1,

  // 100000-100012: general
  unknown: 100000,
  serverError: 100001,
  paramError: 100002,
  tokenExpired: 100003,
  tokenGenerationFailed: 100004,
  databaseBusy: 100005,
  noRowsUpdated: 100006,
  dataMissing: 100007,
  accessTokenInvalid: 100008,
  permissionDenied: 100009,
  notImplemented: 100010,
  duplicate: 100011,
  notSupported: 100012,

  // 200001-200016: accounts
  wrongAccountOrPassword: 200001,
  mobileInvalid: 200002,
  userMissing: 200003,
  mobileUnregistered: 200004,
  passwordCheckWrong: 200005,
  userDisabled: 200006,
  mobileInUse: 200007,
  registrationNotAllowed: 200008,
  mustRegister: 200009,
  pendingApproval: 200010,
  invalidParameter: 200011,
  emailInUse: 200012,
  accountCancelled: 200013,
  accountSuspended: 200014,
  accountFrozen: 200015,
  tooFrequent: 200016,

  // 300001-300007, 300100: verification codes
  captchaWrong: 300001,
  smsCodeInvalid: 300002,
  codeMismatch: 300003,
  codeExpired: 300004,
  emailCodeExpired: 300005,
  emailCodeWrong: 300006,
  codeTriesExhausted: 300007,
  qrCodeExpired: 300100,

  // 400001-400003: definitions
  roleUndefined: 400001,
  actionUndefined: 400002,
  memberTypeUndefined: 400003,

  // 500001-500007: teams
  teamNameDuplicate: 500001,
  requestProcessed: 500002,
  alreadyInTeam: 500003,
  cannotDeleteCreator: 500004,
  cannotEditCreatorRole: 500005,
  cannotMoveAcrossTeams: 500006,
  cannotMoveParentUnderChild: 500007,

  // 600001-600004: files and nodes
  fileUrlInvalid: 600001,
  fileMissing: 600002,
  fileReferenceError: 600003,
  nodeTypeUnsupported: 600004,

  // 601000-601010: orders and payment
  orderStateMismatch: 601000,
  payTypeUnsupported: 601001,
  orderUnpaid: 601002,
  orderRefunding: 601003,
  orderRefunded: 601004,
  orderRefundClosed: 601005,
  personalGoodsNotOrderable: 601006,
  orderPaid: 601007,
  orderExpired: 601008,
  orderRevoked: 601009,
  signatureFailed: 601010,

  // 602000-602002: datasets
  noDataset: 602000,
  fileTypeUnsupported: 602001,
  emptyFileUnsupported: 602002,

  // 700001-700020: system management
  systemRoleMissing: 700001,
  resourceMissing: 700002,
  deviceOwnerExists: 700003,
  systemUserMissing: 700004,
  resourceConfigNeeded: 700005,
  sysInvalidParameter: 700006,
  permissionCheckFailed: 700007,
  ownerTransferFailed: 700008,
  operationNotAllowed: 700009,
  resourceOrRoleNameDuplicate: 700010,
  resourceOutOfRange: 700011,
  templateInUse: 700012,
  /** a model action asked while no model service is configured (系统管理 → 模型配置) */
  aiModelMissing: 700013,
  /** a model action asked in a space whose AI is off (空间设置 → AI 问答) */
  spaceAiOff: 700014,
  unauthorized: 700020,

  // 700050-700068: account switch and per-account feature flags (spec §6)
  accountFeatureDisabled: 700050,
  noCreateSpace: 700051,
  noCreateSpaceGroup: 700052,
  noCreateSpaceFile: 700053,
  noJoinSpace: 700054,
  noJoinSpaceGroup: 700055,
  noJoinSpaceFile: 700056,
  noSpaceExternalAccess: 700057,
  noCreateTopic: 700058,
  noJoinTopic: 700059,
  noCreateExternalLink: 700060,
  noCreatePage: 700061,
  noUploadFile: 700062,
  noDownloadFile: 700063,
  noPreviewFile: 700064,
  noAddFriend: 700065,
  noCreateTeam: 700066,
  featureNotEnabled: 700067,
  noAiWrite: 700068,

  // 700100-700113: quotas
  quotaSpaces: 700100,
  quotaSpaceSize: 700101,
  quotaGroupsPerSpace: 700102,
  quotaFriends: 700103,
  quotaTeams: 700104,
  quotaPersonalStorage: 700105,
  quotaFileCount: 700106,
  quotaSingleFileSize: 700107,
  quotaPeerFriends: 700108,
  quotaTeamMembersPerTeam: 700109,
  quotaTeamMembersTotal: 700110,
  quotaPeerTeamMembersPerTeam: 700111,
  quotaPeerTeamMembersTotal: 700112,
  quotaAiWrites: 700113,

  // 710001-710002: shares
  sharePasswordRequired: 710001,
  sharePasswordInvalid: 710002,

  // 800010: groups
  teamMemberCannotLeaveGroup: 800010,

  // 900010-900015: page versions and visitor precheck
  versionNameDuplicate: 900010,
  versionNameEmpty: 900011,
  versionNotPublished: 900012,
  spaceForbidsVisitors: 900013,
  topicForbidsVisitors: 900014,
  visitorAlreadyAuthorised: 900015,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

export interface ErrorEntry {
  status: number;
  messages: Record<Locale, string>;
}

/** Spec §8 fallback (code 500): used for unknown app codes and unknown HTTP statuses. */
export const requestFailedMessage: Record<Locale, string> = {
  zh_CN: '请求失败，请重试',
  zh_TW: '請求失敗，請重試',
  en_US: 'Request failed, please retry',
};

function entry(status: number, zh_CN: string, zh_TW: string, en_US: string): ErrorEntry {
  return { status, messages: { zh_CN, zh_TW, en_US } };
}

/** A per-account feature the provider switched off (403); the argument is the action. */
function feature(zh_CN: string, zh_TW: string, en_US: string): ErrorEntry {
  return entry(
    403,
    `您没有${zh_CN}的权限，请联系服务商`,
    `您沒有${zh_TW}的權限，請聯絡服務商`,
    `You are not allowed to ${en_US}, please contact your provider`,
  );
}

/** A quota that has been reached; the arguments are the full statement before the advice. */
function quota(zh_CN: string, zh_TW: string, en_US: string, status = 403): ErrorEntry {
  return entry(
    status,
    `${zh_CN}，请联系服务商`,
    `${zh_TW}，請聯絡服務商`,
    `${en_US}, please contact your provider`,
  );
}

const catalogue = {
  [ErrorCode.success]: entry(200, '成功', '成功', 'Success'),
  [ErrorCode.failed]: entry(400, '操作失败', '操作失敗', 'Operation failed'),

  [ErrorCode.unknown]: entry(500, '未知错误', '未知錯誤', 'Unknown error'),
  [ErrorCode.serverError]: entry(
    500,
    '服务器错误，请稍后重试',
    '伺服器錯誤，請稍後再試',
    'Server error, please try again later',
  ),
  [ErrorCode.paramError]: entry(400, '参数错误', '參數錯誤', 'Parameter error'),
  [ErrorCode.tokenExpired]: entry(
    401,
    '登录已过期，请重新登录',
    '登入已過期，請重新登入',
    'Your login has expired, please log in again',
  ),
  [ErrorCode.tokenGenerationFailed]: entry(
    500,
    '令牌生成失败',
    '權杖產生失敗',
    'Failed to generate the token',
  ),
  [ErrorCode.databaseBusy]: entry(
    503,
    '数据库繁忙，请稍后重试',
    '資料庫忙碌中，請稍後再試',
    'The database is busy, please try again later',
  ),
  [ErrorCode.noRowsUpdated]: entry(
    409,
    '没有数据被更新，请刷新后重试',
    '沒有資料被更新，請重新整理後再試',
    'No data was updated, please refresh and retry',
  ),
  [ErrorCode.dataMissing]: entry(404, '数据不存在', '資料不存在', 'Data not found'),
  [ErrorCode.accessTokenInvalid]: entry(
    401,
    '访问令牌无效',
    '存取權杖無效',
    'Invalid access token',
  ),
  [ErrorCode.permissionDenied]: entry(403, '没有操作权限', '沒有操作權限', 'Permission denied'),
  [ErrorCode.notImplemented]: entry(
    501,
    '该功能暂未实现',
    '此功能尚未實作',
    'This feature is not implemented yet',
  ),
  [ErrorCode.duplicate]: entry(409, '数据已存在', '資料已存在', 'The data already exists'),
  [ErrorCode.notSupported]: entry(
    400,
    '暂不支持该操作',
    '暫不支援此操作',
    'This operation is not supported',
  ),

  [ErrorCode.wrongAccountOrPassword]: entry(
    400,
    '账号或密码错误',
    '帳號或密碼錯誤',
    'Incorrect account or password',
  ),
  [ErrorCode.mobileInvalid]: entry(
    400,
    '手机号格式不正确',
    '手機號碼格式不正確',
    'Invalid mobile number',
  ),
  [ErrorCode.userMissing]: entry(404, '用户不存在', '使用者不存在', 'User not found'),
  [ErrorCode.mobileUnregistered]: entry(
    404,
    '该手机号未注册',
    '此手機號碼尚未註冊',
    'This mobile number is not registered',
  ),
  [ErrorCode.passwordCheckWrong]: entry(
    400,
    '原密码错误',
    '舊密碼錯誤',
    'The old password is incorrect',
  ),
  [ErrorCode.userDisabled]: entry(403, '用户已被禁用', '使用者已被停用', 'This user is disabled'),
  [ErrorCode.mobileInUse]: entry(
    409,
    '该手机号已被使用',
    '此手機號碼已被使用',
    'This mobile number is already in use',
  ),
  [ErrorCode.registrationNotAllowed]: entry(
    403,
    '当前不允许注册',
    '目前不開放註冊',
    'Registration is not allowed',
  ),
  [ErrorCode.mustRegister]: entry(403, '请先注册', '請先註冊', 'Please register first'),
  [ErrorCode.pendingApproval]: entry(
    403,
    '注册用户尚未通过审核',
    '註冊使用者尚未通過審核',
    'Your registration has not been approved yet',
  ),
  [ErrorCode.invalidParameter]: entry(400, '参数无效', '參數無效', 'Invalid parameter'),
  [ErrorCode.emailInUse]: entry(
    409,
    '该邮箱已被使用',
    '此電子郵件已被使用',
    'This email address is already in use',
  ),
  [ErrorCode.accountCancelled]: entry(
    403,
    '账号已注销',
    '帳號已註銷',
    'This account has been cancelled',
  ),
  [ErrorCode.accountSuspended]: entry(
    403,
    '账号已被暂停使用',
    '帳號已被暫停使用',
    'This account has been suspended',
  ),
  [ErrorCode.accountFrozen]: entry(403, '账号已被冻结', '帳號已被凍結', 'This account is frozen'),
  [ErrorCode.tooFrequent]: entry(
    429,
    '操作过于频繁，请稍后再试',
    '操作過於頻繁，請稍後再試',
    'Operations too frequent, please try again later',
  ),

  [ErrorCode.captchaWrong]: entry(
    400,
    '图形验证码错误或已过期',
    '圖形驗證碼錯誤或已過期',
    'The image captcha is wrong or has expired',
  ),
  [ErrorCode.smsCodeInvalid]: entry(
    400,
    '短信验证码错误或已过期',
    '簡訊驗證碼錯誤或已過期',
    'The SMS code is wrong or has expired',
  ),
  [ErrorCode.codeMismatch]: entry(
    400,
    '验证码不匹配',
    '驗證碼不符',
    'The verification code does not match',
  ),
  [ErrorCode.codeExpired]: entry(
    400,
    '验证码已过期',
    '驗證碼已過期',
    'The verification code has expired',
  ),
  [ErrorCode.emailCodeExpired]: entry(
    400,
    '邮箱验证码已过期',
    '電子郵件驗證碼已過期',
    'The email verification code has expired',
  ),
  [ErrorCode.emailCodeWrong]: entry(
    400,
    '邮箱验证码错误',
    '電子郵件驗證碼錯誤',
    'The email verification code is wrong',
  ),
  [ErrorCode.codeTriesExhausted]: entry(
    429,
    '验证码错误次数过多，请重新获取',
    '驗證碼錯誤次數過多，請重新取得',
    'Too many wrong tries, please request a new code',
  ),
  [ErrorCode.qrCodeExpired]: entry(400, '二维码已过期', 'QR 碼已過期', 'The QR code has expired'),

  [ErrorCode.roleUndefined]: entry(400, '角色未定义', '角色未定義', 'The role is not defined'),
  [ErrorCode.actionUndefined]: entry(400, '操作未定义', '操作未定義', 'The action is not defined'),
  [ErrorCode.memberTypeUndefined]: entry(
    400,
    '成员类型未定义',
    '成員類型未定義',
    'The member type is not defined',
  ),

  [ErrorCode.teamNameDuplicate]: entry(
    409,
    '团队名称已存在',
    '團隊名稱已存在',
    'The team name already exists',
  ),
  [ErrorCode.requestProcessed]: entry(
    409,
    '该申请已处理',
    '此申請已處理',
    'This request has already been processed',
  ),
  [ErrorCode.alreadyInTeam]: entry(
    409,
    '用户已在团队中',
    '使用者已在團隊中',
    'The user is already in the team',
  ),
  [ErrorCode.cannotDeleteCreator]: entry(
    403,
    '不能移除团队创建者',
    '無法移除團隊建立者',
    'The team creator cannot be removed',
  ),
  [ErrorCode.cannotEditCreatorRole]: entry(
    403,
    '不能修改团队创建者的角色',
    '無法變更團隊建立者的角色',
    "The team creator's role cannot be changed",
  ),
  [ErrorCode.cannotMoveAcrossTeams]: entry(
    400,
    '不能跨团队移动',
    '無法跨團隊移動',
    'Cannot move across teams',
  ),
  [ErrorCode.cannotMoveParentUnderChild]: entry(
    400,
    '不能将上级团队移动到其下级团队下',
    '無法將上層團隊移到其下層團隊之下',
    'A parent team cannot be moved under its child team',
  ),

  [ErrorCode.fileUrlInvalid]: entry(400, '文件地址无效', '檔案網址無效', 'Invalid file URL'),
  [ErrorCode.fileMissing]: entry(404, '文件不存在', '檔案不存在', 'File not found'),
  [ErrorCode.fileReferenceError]: entry(
    400,
    '文件引用错误',
    '檔案參照錯誤',
    'File reference error',
  ),
  [ErrorCode.nodeTypeUnsupported]: entry(
    400,
    '不支持的节点类型',
    '不支援的節點類型',
    'Unsupported node type',
  ),

  [ErrorCode.orderStateMismatch]: entry(
    409,
    '订单状态不符',
    '訂單狀態不符',
    'The order status does not match',
  ),
  [ErrorCode.payTypeUnsupported]: entry(
    400,
    '不支持的支付方式',
    '不支援的付款方式',
    'Unsupported payment method',
  ),
  [ErrorCode.orderUnpaid]: entry(409, '订单未支付', '訂單尚未付款', 'The order has not been paid'),
  [ErrorCode.orderRefunding]: entry(
    409,
    '订单退款中',
    '訂單退款處理中',
    'The order is being refunded',
  ),
  [ErrorCode.orderRefunded]: entry(409, '订单已退款', '訂單已退款', 'The order has been refunded'),
  [ErrorCode.orderRefundClosed]: entry(
    409,
    '订单退款已关闭',
    '訂單退款已關閉',
    'The order refund has been closed',
  ),
  [ErrorCode.personalGoodsNotOrderable]: entry(
    409,
    '个人版商品不可下单',
    '個人版商品無法下單',
    'Personal edition goods cannot be ordered',
  ),
  [ErrorCode.orderPaid]: entry(409, '订单已支付', '訂單已付款', 'The order has already been paid'),
  [ErrorCode.orderExpired]: entry(409, '订单已过期', '訂單已過期', 'The order has expired'),
  [ErrorCode.orderRevoked]: entry(409, '订单已撤销', '訂單已撤銷', 'The order has been revoked'),
  [ErrorCode.signatureFailed]: entry(
    400,
    '签名验证失败',
    '簽章驗證失敗',
    'Signature verification failed',
  ),

  [ErrorCode.noDataset]: entry(404, '没有可用的数据集', '沒有可用的資料集', 'No available dataset'),
  [ErrorCode.fileTypeUnsupported]: entry(
    415,
    '不支持的文件类型',
    '不支援的檔案類型',
    'Unsupported file type',
  ),
  [ErrorCode.emptyFileUnsupported]: entry(
    400,
    '不支持空文件',
    '不支援空白檔案',
    'Empty files are not supported',
  ),

  [ErrorCode.systemRoleMissing]: entry(
    404,
    '系统角色不存在',
    '系統角色不存在',
    'System role not found',
  ),
  [ErrorCode.resourceMissing]: entry(404, '资源不存在', '資源不存在', 'Resource not found'),
  [ErrorCode.deviceOwnerExists]: entry(
    409,
    '设备所有者已存在',
    '裝置擁有者已存在',
    'The device owner already exists',
  ),
  [ErrorCode.systemUserMissing]: entry(
    404,
    '系统用户不存在',
    '系統使用者不存在',
    'System user not found',
  ),
  [ErrorCode.resourceConfigNeeded]: entry(
    400,
    '请先配置资源',
    '請先設定資源',
    'Please configure the resource first',
  ),
  [ErrorCode.sysInvalidParameter]: entry(400, '参数无效', '參數無效', 'Invalid parameter'),
  [ErrorCode.permissionCheckFailed]: entry(
    403,
    '权限校验失败',
    '權限驗證失敗',
    'Permission check failed',
  ),
  [ErrorCode.ownerTransferFailed]: entry(
    400,
    '所有者转让失败',
    '擁有者轉移失敗',
    'Failed to transfer ownership',
  ),
  [ErrorCode.operationNotAllowed]: entry(
    403,
    '不允许该操作',
    '不允許此操作',
    'This operation is not allowed',
  ),
  [ErrorCode.resourceOrRoleNameDuplicate]: entry(
    409,
    '资源或角色名称已存在',
    '資源或角色名稱已存在',
    'The resource or role name already exists',
  ),
  [ErrorCode.resourceOutOfRange]: entry(
    400,
    '资源超出范围',
    '資源超出範圍',
    'The resource is out of range',
  ),
  [ErrorCode.templateInUse]: entry(
    409,
    '模板正在使用中，无法删除',
    '範本使用中，無法刪除',
    'The template is in use and cannot be deleted',
  ),
  [ErrorCode.aiModelMissing]: entry(
    409,
    '尚未配置模型服务，请系统管理员在“系统管理 → 模型配置”（/sys/ai）中添加',
    '尚未設定模型服務，請系統管理員在「系統管理 → 模型設定」（/sys/ai）中新增',
    'No model service is configured: a system administrator adds one in Administration → AI models (/sys/ai)',
  ),
  [ErrorCode.spaceAiOff]: entry(
    403,
    '本空间尚未开启 AI，请空间管理员在“空间设置 → AI 问答”中开启',
    '本空間尚未開啟 AI，請空間管理員在「空間設定 → AI 問答」中開啟',
    "This space's AI is off: a space administrator switches it on in Space settings → AI Q&A",
  ),
  [ErrorCode.unauthorized]: entry(403, '未授权', '未授權', 'Unauthorized'),

  [ErrorCode.accountFeatureDisabled]: entry(
    403,
    '账号已被停用，请联系服务商',
    '帳號已被停用，請聯絡服務商',
    'Your account has been disabled, please contact your provider',
  ),
  [ErrorCode.noCreateSpace]: feature('创建空间', '建立空間', 'create spaces'),
  [ErrorCode.noCreateSpaceGroup]: feature(
    '创建空间分组',
    '建立空間分組',
    'create groups in spaces',
  ),
  [ErrorCode.noCreateSpaceFile]: feature(
    '在空间中创建文件',
    '在空間中建立檔案',
    'create files in spaces',
  ),
  [ErrorCode.noJoinSpace]: feature('参与空间', '參與空間', 'take part in spaces'),
  [ErrorCode.noJoinSpaceGroup]: feature(
    '参与空间分组',
    '參與空間分組',
    'take part in space groups',
  ),
  [ErrorCode.noJoinSpaceFile]: feature('参与空间文件', '參與空間檔案', 'take part in space files'),
  [ErrorCode.noSpaceExternalAccess]: feature(
    '开放空间外部访问',
    '開放空間外部存取',
    'open spaces to external access',
  ),
  [ErrorCode.noCreateTopic]: feature('创建专题', '建立專題', 'create topics'),
  [ErrorCode.noJoinTopic]: feature('参与专题', '參與專題', 'take part in topics'),
  [ErrorCode.noCreateExternalLink]: feature(
    '创建外部链接',
    '建立外部連結',
    'create external links',
  ),
  [ErrorCode.noCreatePage]: feature('创建页面', '建立頁面', 'create pages'),
  [ErrorCode.noUploadFile]: feature('上传文件', '上傳檔案', 'upload files'),
  [ErrorCode.noDownloadFile]: feature('下载文件', '下載檔案', 'download files'),
  [ErrorCode.noPreviewFile]: feature('预览文件', '預覽檔案', 'preview files'),
  [ErrorCode.noAddFriend]: feature('添加好友', '新增好友', 'add friends'),
  [ErrorCode.noCreateTeam]: feature('创建团队', '建立團隊', 'create teams'),
  [ErrorCode.featureNotEnabled]: entry(
    403,
    '该功能未开通，请联系服务商',
    '此功能未開通，請聯絡服務商',
    'This feature is not enabled, please contact your provider',
  ),
  [ErrorCode.noAiWrite]: feature('使用 AI 写作', '使用 AI 寫作', 'use AI writing'),

  [ErrorCode.quotaSpaces]: quota(
    '空间数量已达上限',
    '空間數量已達上限',
    'You have reached the limit on spaces',
  ),
  [ErrorCode.quotaSpaceSize]: quota(
    '空间容量已达上限',
    '空間容量已達上限',
    'The space has reached its storage limit',
  ),
  [ErrorCode.quotaGroupsPerSpace]: quota(
    '空间内分组数量已达上限',
    '空間內分組數量已達上限',
    'The space has reached its limit on groups',
  ),
  [ErrorCode.quotaFriends]: quota(
    '好友数量已达上限',
    '好友數量已達上限',
    'You have reached the limit on friends',
  ),
  [ErrorCode.quotaTeams]: quota(
    '团队数量已达上限',
    '團隊數量已達上限',
    'You have reached the limit on teams',
  ),
  [ErrorCode.quotaPersonalStorage]: quota(
    '个人存储空间已达上限',
    '個人儲存空間已達上限',
    'Your personal storage has reached its limit',
  ),
  [ErrorCode.quotaFileCount]: quota(
    '文件数量已达上限',
    '檔案數量已達上限',
    'You have reached the limit on files',
  ),
  [ErrorCode.quotaSingleFileSize]: quota(
    '单个文件大小已达上限',
    '單一檔案大小已達上限',
    'The file exceeds the size limit for a single file',
    413,
  ),
  [ErrorCode.quotaPeerFriends]: quota(
    '对方的好友数量已达上限',
    '對方的好友數量已達上限',
    "The other party's friend list is full",
  ),
  [ErrorCode.quotaTeamMembersPerTeam]: quota(
    '团队成员数量已达上限',
    '團隊成員數量已達上限',
    'The team has reached its member limit',
  ),
  [ErrorCode.quotaTeamMembersTotal]: quota(
    '团队成员总数已达上限',
    '團隊成員總數已達上限',
    'You have reached the limit on team members in total',
  ),
  [ErrorCode.quotaPeerTeamMembersPerTeam]: quota(
    '对方的团队成员数量已达上限',
    '對方的團隊成員數量已達上限',
    "The other party's team has reached its member limit",
  ),
  [ErrorCode.quotaPeerTeamMembersTotal]: quota(
    '对方的团队成员总数已达上限',
    '對方的團隊成員總數已達上限',
    'The other party has reached the limit on team members in total',
  ),
  [ErrorCode.quotaAiWrites]: quota(
    '本月的 AI 写作次数已达上限',
    '本月的 AI 寫作次數已達上限',
    'You have used all your AI writing for this month',
  ),

  [ErrorCode.sharePasswordRequired]: entry(
    401,
    '该分享需要密码',
    '此分享需要密碼',
    'This share requires a password',
  ),
  [ErrorCode.sharePasswordInvalid]: entry(
    403,
    '分享密码错误',
    '分享密碼錯誤',
    'Incorrect share password',
  ),

  [ErrorCode.teamMemberCannotLeaveGroup]: entry(
    403,
    '通过团队加入的成员不能单独退出分组',
    '透過團隊加入的成員無法單獨退出分組',
    'Members who joined through a team cannot leave the group individually',
  ),

  [ErrorCode.versionNameDuplicate]: entry(
    409,
    '版本名称已存在',
    '版本名稱已存在',
    'The version name already exists',
  ),
  [ErrorCode.versionNameEmpty]: entry(
    400,
    '版本名称不能为空',
    '版本名稱不可為空',
    'The version name cannot be empty',
  ),
  [ErrorCode.versionNotPublished]: entry(
    409,
    '该版本尚未发布',
    '此版本尚未發布',
    'This version has not been published',
  ),
  [ErrorCode.spaceForbidsVisitors]: entry(
    403,
    '该空间不允许访客访问',
    '此空間不允許訪客存取',
    'This space does not allow visitors',
  ),
  [ErrorCode.topicForbidsVisitors]: entry(
    403,
    '该专题不允许访客访问',
    '此專題不允許訪客存取',
    'This topic does not allow visitors',
  ),
  [ErrorCode.visitorAlreadyAuthorised]: entry(
    409,
    '已授权或已可直接查看',
    '已授權或已可直接檢視',
    'Already authorized or directly visible',
  ),
} satisfies Record<ErrorCodeValue, ErrorEntry>;

/** Every app code of spec §8, keyed by its numeric value. */
export const errorCatalogue: Readonly<Record<number, ErrorEntry>> = Object.freeze(catalogue);

/** The HTTP status a response with this app code is sent with; unknown codes answer 500. */
export function errorStatus(code: number): number {
  return errorCatalogue[code]?.status ?? 500;
}

/** The message for an app code; unknown codes give the generic request-failed message. */
export function errorMessage(code: number, locale: Locale): string {
  return errorCatalogue[code]?.messages[locale] ?? requestFailedMessage[locale];
}

/** Status texts used when a failed response carries no app code (spec §8 "HTTP"). */
export const httpStatusMessages: Readonly<Record<number, Record<Locale, string>>> = Object.freeze({
  400: { zh_CN: '参数错误', zh_TW: '參數錯誤', en_US: 'Parameter error' },
  401: {
    zh_CN: '未登录或登录已过期',
    zh_TW: '未登入或登入已過期',
    en_US: 'Not logged in or login expired',
  },
  403: { zh_CN: '没有权限', zh_TW: '沒有權限', en_US: 'No permission' },
  404: { zh_CN: '请求失败（404）', zh_TW: '請求失敗（404）', en_US: 'Request failed (404)' },
  405: { zh_CN: '请求方法错误', zh_TW: '請求方法錯誤', en_US: 'Wrong request method' },
  409: {
    zh_CN: '数据冲突，请刷新后重试',
    zh_TW: '資料衝突，請重新整理後再試',
    en_US: 'Data conflict, please refresh and retry',
  },
  413: { zh_CN: '请求内容过大', zh_TW: '請求內容過大', en_US: 'Request body too large' },
  415: { zh_CN: '不支持的媒体类型', zh_TW: '不支援的媒體類型', en_US: 'Unsupported media type' },
  429: {
    zh_CN: '请求过于频繁，请稍后再试',
    zh_TW: '請求過於頻繁，請稍後再試',
    en_US: 'Too many requests, please try again later',
  },
  500: {
    zh_CN: '请求失败，请检查网络后重试',
    zh_TW: '請求失敗，請檢查網路後重試',
    en_US: 'Request failed, please check your network and retry',
  },
});

/** The status text for an HTTP status; unknown statuses fall back to the request-failed message. */
export function httpStatusMessage(status: number, locale: Locale): string {
  return httpStatusMessages[status]?.[locale] ?? requestFailedMessage[locale];
}

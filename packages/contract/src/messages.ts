import type { Lang } from './lang';

type Entry = Record<Lang, string>;

/**
 * Texts the server and the client share: error-code messages and validation messages.
 * English entries are the spec's texts where the spec gives one. The web app loads these into
 * i18next under the `common` namespace (`err.*`, `v.*`), so both sides show the same words.
 */
export const errorMessages = {
  ok: { zh: '成功', tc: '成功', en: 'Success' },
  tokenMissing: { zh: '请先登录', tc: '請先登入', en: 'Please log in first' },
  tokenInvalid: { zh: '登录凭证无效，请重新登录', tc: '登入憑證無效，請重新登入', en: 'Invalid token, please log in again' },
  tokenIdleExpired: {
    zh: '长时间未操作，登录已过期，请重新登录',
    tc: '長時間未操作，登入已過期，請重新登入',
    en: 'Your session timed out after inactivity, please log in again',
  },
  tokenLoggedOut: { zh: '您已退出登录', tc: '您已登出', en: 'You have logged out' },
  rateLimited: {
    zh: '网络请求频繁，请稍后再试。',
    tc: '網絡請求頻繁，請稍後再試。',
    en: 'The network request is frequent, please try again later.',
  },
  validation: { zh: '提交的内容有误', tc: '提交的內容有誤', en: 'The submitted data is invalid' },
  inviteCodeInvalid: { zh: '邀请码无效', tc: '邀請碼無效', en: 'The invite code is invalid' },
  emailCodeInvalid: {
    zh: '邮箱验证码错误或已过期',
    tc: '郵箱驗證碼錯誤或已過期',
    en: 'The email verification code is wrong or has expired',
  },
  fileTypeIllegal: { zh: '非法文件', tc: '非法文件', en: 'Illegal document' },
  loginFailed: { zh: '账号或密码错误', tc: '帳號或密碼錯誤', en: 'Incorrect account or password' },
  accountNotActivated: {
    zh: '账号尚未激活，请到邮箱确认激活邮件',
    tc: '帳號尚未啟用，請到郵箱確認啟用郵件',
    en: 'The account is not activated yet: please confirm the activation mail in your mailbox',
  },
  accountDisabled: { zh: '账号已被停用', tc: '帳號已被停用', en: 'This account has been disabled' },
  oldPasswordWrong: { zh: '当前密码不正确', tc: '目前密碼不正確', en: 'The current password is incorrect' },
  activationLinkInvalid: {
    zh: '激活链接无效或已过期',
    tc: '啟用連結無效或已過期',
    en: 'The activation link is invalid or has expired',
  },
  forbidden: { zh: '没有权限执行此操作', tc: '沒有權限執行此操作', en: 'You do not have permission to do this' },
  notFound: { zh: '内容不存在', tc: '內容不存在', en: 'Not found' },
  emailTaken: { zh: '该邮箱已被注册', tc: '該郵箱已被註冊', en: 'This email is already registered' },
  usernameTaken: { zh: '该用户名已被使用', tc: '該用戶名已被使用', en: 'This user name is already taken' },
  forumNameTaken: { zh: '该论坛用户名已被使用', tc: '該論壇用戶名已被使用', en: 'This forum user name is already taken' },
  conflict: {
    zh: '数据已被修改，请刷新后重试',
    tc: '資料已被修改，請重新整理後再試',
    en: 'The data changed, please refresh and try again',
  },
  payloadTooLarge: { zh: '文件太大', tc: '檔案太大', en: 'The file is too large' },
  passwordResetComplete: { zh: '密码重置完成', tc: '密碼重設完成', en: 'Password reset complete' },
  activationMailSent: {
    zh: '激活邮件已发送，请到邮箱确认激活',
    tc: '啟用郵件已發送，請到郵箱確認啟用',
    en: 'The activation mail is on its way: please confirm it in your mailbox',
  },
  mailSent: { zh: '邮件已发送', tc: '郵件已發送', en: 'The mail has been sent' },
  contactReceived: {
    zh: '感谢您的留言，我们会尽快与您联系',
    tc: '感謝您的留言，我們會盡快與您聯絡',
    en: 'Thank you for your message, we will get back to you soon',
  },
  internal: {
    zh: '服务器开小差了，请稍后再试',
    tc: '伺服器出了點問題，請稍後再試',
    en: 'Something went wrong on our side, please try again later',
  },
  sessionRevokedByAdmin: {
    zh: '您的登录已被管理员终止',
    tc: '您的登入已被管理員終止',
    en: 'Your session was ended by an administrator',
  },
  sessionEndedElsewhere: {
    zh: '您的密码已在其他地方修改，请重新登录',
    tc: '您的密碼已在其他地方修改，請重新登入',
    en: 'Your password was changed elsewhere, please log in again',
  },
  sessionExpired: {
    zh: '登录已过期，请重新登录',
    tc: '登入已過期，請重新登入',
    en: 'Your session has expired, please log in again',
  },
  oidcNotConfigured: {
    zh: '第三方登录未配置',
    tc: '第三方登入未配置',
    en: 'Third-party sign-in is not configured on this server',
  },
  serviceUnavailable: { zh: '服务暂时不可用', tc: '服務暫時不可用', en: 'The service is temporarily unavailable' },
  notReady: {
    zh: '服务未就绪：有依赖的服务无法访问',
    tc: '服務未就緒：有依賴的服務無法存取',
    en: 'Not ready: a service this server depends on does not answer',
  },
  roleNameTaken: { zh: '角色名称已存在', tc: '角色名稱已存在', en: 'A role with this name already exists' },
  roleBuiltin: {
    zh: '内置角色不能删除或改名',
    tc: '內置角色不能刪除或改名',
    en: 'Built-in roles cannot be deleted or renamed',
  },
  roleInUse: {
    zh: '仍有用户拥有该角色，请先为这些用户更换角色',
    tc: '仍有用戶擁有該角色，請先為這些用戶更換角色',
    en: 'Users still hold this role: change their roles first',
  },
  permissionPathTaken: {
    zh: '已有权限使用该路径',
    tc: '已有權限使用該路徑',
    en: 'A permission with this path already exists',
  },
  permissionHasChildren: {
    zh: '该权限下还有子权限，请先删除子权限',
    tc: '該權限下還有子權限，請先刪除子權限',
    en: 'This permission has child permissions: delete them first',
  },
  permissionBuiltin: {
    zh: '内置权限不能删除，也不能修改路径或上级',
    tc: '內置權限不能刪除，也不能修改路徑或上級',
    en: 'Built-in permissions cannot be deleted, and their path and parent cannot change',
  },
  // --- Market, cart, orders and payment; `{{x}}` are parameters (i18next style) ---
  operationSuccessful: { zh: '操作成功', tc: '操作成功', en: 'Operation successful' },
  cartRemoved: {
    zh: '商品编号：{{id}} 已从购物车移除',
    tc: '商品編號：{{id}} 已從購物車移除',
    en: 'Item number: {{id}} Cart removed',
  },
  cartEmpty: { zh: '您的购物车是空的', tc: '您的購物車是空的', en: 'Your shopping cart is empty' },
  addedToCart: { zh: '已加入购物车', tc: '已加入購物車', en: 'Added to your cart' },
  alreadyInCart: { zh: '该商品已在购物车中', tc: '該商品已在購物車中', en: 'This item is already in your cart' },
  itemNotPurchasable: { zh: '部分商品无法购买', tc: '部分商品無法購買', en: 'Some items cannot be bought' },
  itemUnknown: { zh: '商品编号 {{id}} 不存在', tc: '商品編號 {{id}} 不存在', en: 'Item number {{id}} does not exist' },
  itemUnavailable: {
    zh: '商品编号 {{id}} 未上架，暂时无法购买',
    tc: '商品編號 {{id}} 未上架，暫時無法購買',
    en: 'Item number {{id}} is not available in the market',
  },
  itemNotForSale: { zh: '“{{name}}”不出售', tc: '「{{name}}」不出售', en: '“{{name}}” is not for sale' },
  itemOwn: { zh: '“{{name}}”是您自己的作品', tc: '「{{name}}」是您自己的作品', en: '“{{name}}” is your own project' },
  itemPurchased: {
    zh: '您已购买“{{name}}”，可在作品库中查看',
    tc: '您已購買「{{name}}」，可在作品庫中查看',
    en: 'You already own “{{name}}”: it is in your library',
  },
  orderNotPayable: { zh: '该订单无法支付', tc: '該訂單無法支付', en: 'This order cannot be paid' },
  orderExpired: {
    zh: '订单已过期，请重新结算',
    tc: '訂單已過期，請重新結算',
    en: 'This order has expired, please check out again',
  },
  orderAlreadyPaid: { zh: '该订单已支付', tc: '該訂單已支付', en: 'This order has already been paid' },
  orderCancelled: { zh: '该订单已取消', tc: '該訂單已取消', en: 'This order has been cancelled' },
  paymentNotificationInvalid: {
    zh: '支付通知无效',
    tc: '支付通知無效',
    en: 'The payment notification is invalid',
  },
  paymentSignatureInvalid: {
    zh: '支付通知签名无效',
    tc: '支付通知簽名無效',
    en: 'The payment notification signature is invalid',
  },
  paymentTimestampInvalid: {
    zh: '支付通知时间戳已过期',
    tc: '支付通知時間戳已過期',
    en: 'The payment notification timestamp is outside the allowed window',
  },
  paymentAmountMismatch: {
    zh: '支付金额或币种与订单不符',
    tc: '支付金額或幣種與訂單不符',
    en: 'The paid amount or currency does not match the order',
  },
  scoreBuyersOnly: {
    zh: '只有购买了该作品的用户才能评分',
    tc: '只有購買了該作品的用戶才能評分',
    en: 'Only buyers of this project can rate it',
  },
  scoreOwnProject: { zh: '不能给自己的作品评分', tc: '不能給自己的作品評分', en: 'You cannot rate your own project' },
  reportReceived: {
    zh: '感谢您的举报，我们会尽快处理',
    tc: '感謝您的舉報，我們會盡快處理',
    en: 'Thank you, we have received your report and will look into it',
  },
  // --- Invite and coupon codes ---
  couponInvalid: { zh: '优惠码无效', tc: '優惠碼無效', en: 'This coupon code is invalid' },
  couponExpired: { zh: '优惠码已过期', tc: '優惠碼已過期', en: 'This coupon code has expired' },
  couponExhausted: { zh: '优惠码已被兑换完', tc: '優惠碼已被兌換完', en: 'This coupon code has been fully redeemed' },
  couponAlreadyRedeemed: {
    zh: '您已兑换过此优惠码',
    tc: '您已兌換過此優惠碼',
    en: 'You have already redeemed this coupon code',
  },
  codeTaken: {
    zh: '该代码已被使用，请换一个',
    tc: '該代碼已被使用，請換一個',
    en: 'This code is already in use, choose another',
  },
  redemptionSuccessful: { zh: '兑换成功', tc: '兌換成功', en: 'Redemption successful' },
  // --- Creator content: uploads, review, system messages ---
  fileTypeNotAllowed: {
    zh: '非法文件：不支持此文件类型',
    tc: '非法文件：不支援此檔案類型',
    en: 'Illegal document: this file type is not accepted',
  },
  fileTypeNotAllowedList: {
    zh: '非法文件：不支持此文件类型。可上传的类型：{{accepted}}',
    tc: '非法文件：不支援此檔案類型。可上傳的類型：{{accepted}}',
    en: 'Illegal document: this file type is not accepted. Accepted types: {{accepted}}',
  },
  fileTypeMismatch: {
    zh: '非法文件：文件内容与扩展名不符',
    tc: '非法文件：檔案內容與副檔名不符',
    en: 'Illegal document: the content does not match the file extension',
  },
  fileMaxExported: {
    zh: '非法文件：无法读取 3ds Max 原生 .max 文件。请在 3ds Max 中选择“文件 › 导出 › 导出”，保存类型选“Autodesk (*.FBX)”（勾选“嵌入的媒体”以带上贴图，角色请勾选“动画”和“蒙皮”），或用“文件 › 导出 › glTF”导出 .glb，然后上传该文件',
    tc: '非法文件：無法讀取 3ds Max 原生 .max 檔案。請在 3ds Max 中選擇「檔案 › 匯出 › 匯出」，存檔類型選「Autodesk (*.FBX)」（勾選「嵌入媒體」以帶上貼圖，角色請勾選「動畫」和「蒙皮」），或用「檔案 › 匯出 › glTF」匯出 .glb，然後上傳該檔案',
    en: 'Illegal document: native 3ds Max .max files cannot be read. In 3ds Max choose File › Export › Export, save as "Autodesk (*.FBX)" (tick "Embed Media" to include textures, and "Animation" and "Skins" for characters), or use File › Export › glTF to save a .glb, then upload that file',
  },
  fileTooLarge: {
    zh: '文件太大：此类型最大 {{max}}',
    tc: '檔案太大：此類型最大 {{max}}',
    en: 'The file is too large: at most {{max}} for this type',
  },
  quotaExceeded: {
    zh: '存储空间不足：已用 {{used}}，共 {{quota}}',
    tc: '儲存空間不足：已用 {{used}}，共 {{quota}}',
    en: 'Not enough storage: {{used}} of {{quota}} used',
  },
  fileZipBomb: {
    zh: '非法文件：压缩包解压后过大',
    tc: '非法文件：壓縮檔解壓後過大',
    en: 'Illegal document: the archive expands to too much data',
  },
  fileZipUnsafe: {
    zh: '非法文件：压缩包含有不安全的路径或链接',
    tc: '非法文件：壓縮檔含有不安全的路徑或連結',
    en: 'Illegal document: the archive holds unsafe paths or links',
  },
  fileImageTooLarge: {
    zh: '非法文件：图片超过 4000 万像素',
    tc: '非法文件：圖片超過 4000 萬像素',
    en: 'Illegal document: the image has more than 40 megapixels',
  },
  fileTruncated: {
    zh: '非法文件：文件不完整或已损坏',
    tc: '非法文件：檔案不完整或已損壞',
    en: 'Illegal document: the file is incomplete or damaged',
  },
  imageUploadsPending: {
    zh: '未使用的图片太多：请先保存作品，或明天再试',
    tc: '未使用的圖片太多：請先儲存作品，或明天再試',
    en: 'Too many uploaded images are not used by a project yet: save your project first, or try again tomorrow',
  },
  projectHasBuyers: {
    zh: '已有用户购买此作品，不能删除：请关闭出售和公开开关以下架作品，买家仍可继续使用',
    tc: '已有用戶購買此作品，不能刪除：請關閉出售和公開開關以下架作品，買家仍可繼續使用',
    en: 'People have bought this project, so it cannot be deleted: switch off for-sale and public to withdraw it; buyers keep their access',
  },
  freeToView: {
    zh: '免费获取后即可查看完整内容',
    tc: '免費獲取後即可查看完整內容',
    en: 'Get it free to view the full content',
  },
  purchaseToView: {
    zh: '购买后即可查看完整内容',
    tc: '購買後即可查看完整內容',
    en: 'Purchase to view the full content',
  },
  msgReviewApproved: {
    zh: '您的作品“{{name}}”已通过审核',
    tc: '您的作品「{{name}}」已通過審核',
    en: 'Your project “{{name}}” passed review',
  },
  msgReviewRejected: {
    zh: '您的作品“{{name}}”未通过审核：{{reason}}',
    tc: '您的作品「{{name}}」未通過審核：{{reason}}',
    en: 'Your project “{{name}}” did not pass review: {{reason}}',
  },
  questionnaireAnswered: {
    zh: '您已提交过此问卷',
    tc: '您已提交過此問卷',
    en: 'You have already answered this questionnaire',
  },
  // --- Scene documents: saves, revisions, review ---
  sceneVersionConflict: {
    zh: '场景已在其他地方保存了更新的版本：请重新载入，或覆盖保存',
    tc: '場景已在其他地方儲存了較新的版本：請重新載入，或覆蓋儲存',
    en: 'A newer version of this scene was saved elsewhere: reload it, or overwrite it',
  },
  sceneDocumentTooLarge: {
    zh: '场景文档太大：最多 {{max}}',
    tc: '場景文件太大：最多 {{max}}',
    en: 'The scene document is too large: at most {{max}}',
  },
  sceneNothingToSubmit: {
    zh: '此作品还没有保存的场景',
    tc: '此作品還沒有儲存的場景',
    en: 'This project has no saved scene yet',
  },
  assetKindModel3d: { zh: '3D 模型', tc: '3D 模型', en: '3D model' },
  assetKindImage360: { zh: '360 图片', tc: '360 圖片', en: '360 image' },
  assetKindVideo360: { zh: '360 视频', tc: '360 影片', en: '360 video' },
  assetKindImage: { zh: '图片', tc: '圖片', en: 'image' },
  assetKindAudio: { zh: '音频', tc: '音訊', en: 'audio' },
  assetKindVideo: { zh: '视频', tc: '影片', en: 'video' },
  sceneSummaryTour: {
    zh: '{{scenes}} 个场景，{{hotspots}} 个热点',
    tc: '{{scenes}} 個場景，{{hotspots}} 個熱點',
    en: '{{scenes}} scene(s), {{hotspots}} hotspot(s)',
  },
  sceneSummaryScene: {
    zh: '{{models}} 个模型，{{hotspots}} 个热点，{{npcs}} 个 NPC，{{lights}} 盏灯',
    tc: '{{models}} 個模型，{{hotspots}} 個熱點，{{npcs}} 個 NPC，{{lights}} 盞燈',
    en: '{{models}} model(s), {{hotspots}} hotspot(s), {{npcs}} NPC(s), {{lights}} light(s)',
  },
  // --- Forum ---
  forumNameNeeded: {
    zh: '请先在个人资料中设置论坛用户名再发帖',
    tc: '請先在個人資料中設定論壇用戶名再發帖',
    en: 'Set a forum user name on your profile before posting',
  },
  forumThreadLocked: { zh: '此主题已被锁定', tc: '此主題已被鎖定', en: 'This thread is locked' },
  forumPostingTooFast: {
    zh: '发帖太快了，请 {{seconds}} 秒后再试',
    tc: '發帖太快了，請 {{seconds}} 秒後再試',
    en: 'You are posting too fast: try again in {{seconds}} seconds',
  },
  forumQuoteElsewhere: {
    zh: '只能引用同一主题中的帖子',
    tc: '只能引用同一主題中的帖子',
    en: 'Only posts of the same thread can be quoted',
  },
  forumSolutionElsewhere: {
    zh: '解决方案必须是此主题中的回复',
    tc: '解決方案必須是此主題中的回覆',
    en: 'The solution must be a reply in this thread',
  },
  forumBoardClosed: { zh: '此版块已关闭', tc: '此版塊已關閉', en: 'This board is closed' },
  msgForumMention: {
    zh: '{{name}} 在主题“{{title}}”中提到了您',
    tc: '{{name}} 在主題「{{title}}」中提到了您',
    en: '{{name}} mentioned you in “{{title}}”',
  },
  msgForumReply: {
    zh: '{{name}} 回复了您的主题“{{title}}”',
    tc: '{{name}} 回覆了您的主題「{{title}}」',
    en: '{{name}} replied to your thread “{{title}}”',
  },
  // --- System messages pushed by administrators (/stationletter) ---
  msgPushNotice: { zh: '【通知】{{content}}', tc: '【通知】{{content}}', en: '[Notice] {{content}}' },
  msgPushMaintenance: { zh: '【维护】{{content}}', tc: '【維護】{{content}}', en: '[Maintenance] {{content}}' },
  msgPushEvent: { zh: '【活动】{{content}}', tc: '【活動】{{content}}', en: '[Event] {{content}}' },
  msgPushPromotion: { zh: '【优惠】{{content}}', tc: '【優惠】{{content}}', en: '[Offer] {{content}}' },
  pushSent: { zh: '消息已发送', tc: '訊息已發送', en: 'Message sent' },
  pushQueued: {
    zh: '消息正在发送给 {{count}} 位用户',
    tc: '訊息正在發送給 {{count}} 位用戶',
    en: 'The message is being sent to {{count}} users',
  },
  // --- Organisation approval (/approval/institutional) ---
  alreadyDecided: {
    zh: '此申请已被处理，列表已刷新',
    tc: '此申請已被處理，列表已重新整理',
    en: 'This request has already been decided; the list is refreshed',
  },
  institutionStillPending: {
    zh: '您的机构申请正在审核中，请等待结果',
    tc: '您的機構申請正在審核中，請等待結果',
    en: 'Your organisation application is still being reviewed',
  },
  institutionAlreadyApproved: {
    zh: '您的机构申请已通过，无需再次申请',
    tc: '您的機構申請已通過，無需再次申請',
    en: 'Your organisation application is already approved',
  },
  institutionApplied: {
    zh: '申请已提交，审核结果会通过邮件和系统消息通知您',
    tc: '申請已提交，審核結果會透過郵件和系統訊息通知您',
    en: 'Application sent: you will be told the outcome by mail and system message',
  },
  msgInstitutionApproved: {
    zh: '您的机构账号申请已通过审核，现在可以创建邀请码和管理成员',
    tc: '您的機構帳號申請已通過審核，現在可以建立邀請碼和管理成員',
    en: 'Your organisation account is approved: you can now create invite codes and manage members',
  },
  msgInstitutionRejected: {
    zh: '您的机构账号申请未通过，原因：{{reason}}。您可以在个人资料中重新提交证明',
    tc: '您的機構帳號申請未通過，原因：{{reason}}。您可以在個人資料中重新提交證明',
    en: 'Your organisation application was not approved. Reason: {{reason}}. You may send a new certificate from your profile',
  },
  // --- Reports (/ReportList) ---
  msgReportHidden: {
    zh: '您的内容“{{title}}”因举报已被隐藏，原因：{{note}}',
    tc: '您的內容「{{title}}」因舉報已被隱藏，原因：{{note}}',
    en: 'Your content “{{title}}” was hidden after a report. Reason: {{note}}',
  },
  msgReportWarning: {
    zh: '关于您的内容“{{title}}”的警告：{{note}}',
    tc: '關於您的內容「{{title}}」的警告：{{note}}',
    en: 'A warning about your content “{{title}}”: {{note}}',
  },
  msgReportActioned: {
    zh: '感谢举报。我们已对“{{title}}”采取处理措施',
    tc: '感謝舉報。我們已對「{{title}}」採取處理措施',
    en: 'Thank you for your report: we took action on “{{title}}”',
  },
  msgReportDismissed: {
    zh: '感谢举报。经审核，“{{title}}”未违反规定：{{note}}',
    tc: '感謝舉報。經審核，「{{title}}」未違反規定：{{note}}',
    en: 'Thank you for your report. After review, “{{title}}” breaks no rule: {{note}}',
  },
  tagTaken: { zh: '已有同名标签', tc: '已有同名標籤', en: 'A tag with this name already exists' },
  tagMerged: {
    zh: '已合并，{{count}} 个项目改用新标签',
    tc: '已合併，{{count}} 個項目改用新標籤',
    en: 'Merged: {{count}} project(s) now carry the other tag',
  },
  pushNoRecipients: { zh: '没有符合条件的收件人', tc: '沒有符合條件的收件人', en: 'No account matches this audience' },
  // --- Wallet, cash-out and coins ---
  cashOutOverAvailable: {
    zh: '提现金额超过可用余额（HK$ {{available}}）',
    tc: '提現金額超過可用餘額（HK$ {{available}}）',
    en: 'The amount is more than your available balance (HK$ {{available}})',
  },
  cashOutBelowMinimum: {
    zh: '每次提现最少 HK$ {{min}}',
    tc: '每次提現最少 HK$ {{min}}',
    en: 'The smallest cash-out is HK$ {{min}}',
  },
  coinsInsufficient: {
    zh: '金币不足：需要 {{need}}，现有 {{have}}',
    tc: '金幣不足：需要 {{need}}，現有 {{have}}',
    en: 'Not enough coins: {{need}} needed, you have {{have}}',
  },
  coinExchangeLimit: {
    zh: '今天的兑换次数已用完（每天 {{limit}} 次）',
    tc: '今天的兌換次數已用完（每天 {{limit}} 次）',
    en: 'You have used today’s exchanges ({{limit}} a day)',
  },
  cashInsufficient: {
    zh: '可用现金不足（HK$ {{available}}）',
    tc: '可用現金不足（HK$ {{available}}）',
    en: 'Not enough available cash (HK$ {{available}})',
  },
  payoutMethodsFull: {
    zh: '最多保存 {{max}} 个收款方式',
    tc: '最多保存 {{max}} 個收款方式',
    en: 'You can keep at most {{max}} payout methods',
  },
  idempotencyKeyReused: {
    zh: '此请求编号已用于另一次兑换，请刷新后重试',
    tc: '此請求編號已用於另一次兌換，請重新整理後再試',
    en: 'This request key was already used for another exchange: refresh and try again',
  },
  cashOutAlreadyDecided: {
    zh: '此提现申请已由其他管理员处理，请刷新列表',
    tc: '此提現申請已由其他管理員處理，請重新整理列表',
    en: 'This cash-out request was already decided by another administrator: refresh the list',
  },
  cashOutRequested: { zh: '提现申请已提交，等待审核', tc: '提現申請已提交，等待審核', en: 'Cash-out requested: it is in review' },
  coinExchanged: { zh: '兑换成功', tc: '兌換成功', en: 'Exchange complete' },
  msgCashOutSuccess: {
    zh: '您的提现申请 HK$ {{amount}} 已付款，参考编号：{{reference}}',
    tc: '您的提現申請 HK$ {{amount}} 已付款，參考編號：{{reference}}',
    en: 'Your cash-out of HK$ {{amount}} was paid. Reference: {{reference}}',
  },
  msgCashOutFail: {
    zh: '您的提现申请 HK$ {{amount}} 未通过，金额已退回钱包。原因：{{reason}}',
    tc: '您的提現申請 HK$ {{amount}} 未通過，金額已退回錢包。原因：{{reason}}',
    en: 'Your cash-out of HK$ {{amount}} was not approved and the amount is back in your wallet. Reason: {{reason}}',
  },
  coinNoteDays: { zh: '{{days}} 天会员', tc: '{{days}} 天會員', en: '{{days}} membership days' },
  coinNoteCoupon: {
    zh: '优惠券 {{cdk}}（{{days}} 天会员）',
    tc: '優惠券 {{cdk}}（{{days}} 天會員）',
    en: 'Coupon {{cdk}} ({{days}} membership days)',
  },
  coinNoteCash: { zh: 'HK$ {{amount}} 现金兑换', tc: 'HK$ {{amount}} 現金兌換', en: 'HK$ {{amount}} of cash exchanged' },
  // --- Plans (/system/combo, /solutions) ---
  planNotPurchasable: { zh: '此方案无法购买', tc: '此方案無法購買', en: 'This plan cannot be bought' },
  planDisabled: {
    zh: '此方案已下架，请选择其他方案',
    tc: '此方案已下架，請選擇其他方案',
    en: 'This plan is no longer offered: please choose another',
  },
  planFreeIsDefault: {
    zh: '免费版无需购买，注册即可使用',
    tc: '免費版無需購買，註冊即可使用',
    en: 'Freemium needs no purchase: every account has it',
  },
  planFreeTaken: {
    zh: '每个账号只能领取一次此免费方案',
    tc: '每個帳號只能領取一次此免費方案',
    en: 'This free plan can be taken once per account',
  },
  planInUse: {
    zh: '已有用户购买此方案，不能删除，请改为下架',
    tc: '已有用戶購買此方案，不能刪除，請改為下架',
    en: 'Somebody bought this plan, so it cannot be deleted: switch it off instead',
  },
  projectQuotaExceeded: {
    zh: '项目数量已达上限：{{plan}}方案最多 {{limit}} 个项目。升级方案可创建更多项目',
    tc: '項目數量已達上限：{{plan}}方案最多 {{limit}} 個項目。升級方案可建立更多項目',
    en: 'Project limit reached: the {{plan}} plan allows {{limit}} projects. Upgrade your plan to create more',
  },
  planFeatureNotIncluded: {
    zh: '您的{{plan}}方案不包含{{feature}}，请升级方案',
    tc: '您的{{plan}}方案不包含{{feature}}，請升級方案',
    en: 'Your {{plan}} plan does not include {{feature}}: please upgrade',
  },
  quotaExceededPlan: {
    zh: '存储空间不足：已用 {{used}}，{{plan}}方案共 {{quota}}。升级方案可获得更多空间',
    tc: '儲存空間不足：已用 {{used}}，{{plan}}方案共 {{quota}}。升級方案可獲得更多空間',
    en: 'Not enough storage: {{used}} of the {{plan}} plan’s {{quota}} used. Upgrade your plan for more',
  },
  planCustomAvatarsFull: {
    zh: '自定义形象已达上限：{{plan}}方案最多 {{limit}} 个',
    tc: '自訂形象已達上限：{{plan}}方案最多 {{limit}} 個',
    en: 'Custom avatar limit reached: the {{plan}} plan allows {{limit}}',
  },
  // --- Meta world (world) ---
  worldPasswordWrong: { zh: '房间密码错误', tc: '房間密碼錯誤', en: 'The room password is wrong' },
  worldInviteInvalid: {
    zh: '邀请链接无效或已更换',
    tc: '邀請連結無效或已更換',
    en: 'The invite link is invalid or was replaced',
  },
  worldProjectUnusable: {
    zh: '请选择作者可使用的 3D 场景或 360 全景漫游项目（已发布或作者自己的）',
    tc: '請選擇作者可使用的 3D 場景或 360 全景漫遊項目（已發佈或作者自己的）',
    en: 'Choose a 3D scene or 360 tour project the author may use (published, or their own)',
  },
  worldSignInRequired: { zh: '请登录后进入此房间', tc: '請登入後進入此房間', en: 'Sign in to enter this room' },
  worldBanned: { zh: '您已被禁止进入此房间', tc: '您已被禁止進入此房間', en: 'You are banned from this room' },
  worldLocked: { zh: '房间已锁定', tc: '房間已鎖定', en: 'The room is locked' },
  worldNotHost: { zh: '只有主持人可以这样做', tc: '只有主持人可以這樣做', en: 'Only a host can do this' },
  worldNotInRoom: { zh: '请先进入房间', tc: '請先進入房間', en: 'Enter the room first' },
  worldChatTooFast: { zh: '发言太快，请稍后再试', tc: '發言太快，請稍後再試', en: 'You are sending messages too fast' },
  liveReactionsTooFast: {
    zh: '互动太频繁了，请稍等片刻再点',
    tc: '互動太頻繁了，請稍等片刻再點',
    en: 'You are sending reactions too fast, wait a moment',
  },
  worldKicked: { zh: '您已被移出房间', tc: '您已被移出房間', en: 'You were removed from the room' },
  worldMemberGone: { zh: '此成员已不在房间内', tc: '此成員已不在房間內', en: 'This person is no longer in the room' },
  worldGuestNameTaken: {
    zh: '该名称属于已注册的账号：请换一个访客名称，或登录后进入',
    tc: '該名稱屬於已註冊的帳號：請換一個訪客名稱，或登入後進入',
    en: 'This name belongs to a registered account: choose another guest name, or sign in',
  },
  // --- Avatars ---
  avatarPreviewInvalid: {
    zh: '预览图必须是有效的 PNG 或 JPEG 图片（最长边不超过 4096 像素）',
    tc: '預覽圖必須是有效的 PNG 或 JPEG 圖片（最長邊不超過 4096 像素）',
    en: 'The preview must be a valid PNG or JPEG image (at most 4096 pixels on its longest side)',
  },
  avatarDefaultKept: {
    zh: '默认形象不能删除',
    tc: '預設形象不能刪除',
    en: 'The default avatar cannot be deleted',
  },
  avatarNotReady: {
    zh: '该形象的模型尚未处理完成或未通过检查，暂不能使用',
    tc: '該形象的模型尚未處理完成或未通過檢查，暫不能使用',
    en: 'This avatar’s model is still processing or was refused, so it cannot be used yet',
  },
  avatarLibraryOverBudget: {
    zh: '该角色不能用作形象。{{reason}}',
    tc: '該角色不能用作形象。{{reason}}',
    en: 'This character cannot be used as an avatar. {{reason}}',
  },
  avatarOneInUse: {
    zh: '必须有一个形象处于使用中',
    tc: '必須有一個形象處於使用中',
    en: 'One avatar must stay in use',
  },
  avatarLimitReached: {
    zh: '您的方案最多可保存 {{limit}} 个自定义形象，请先删除一个',
    tc: '您的方案最多可儲存 {{limit}} 個自訂形象，請先刪除一個',
    en: 'Your plan allows {{limit}} custom avatar(s): delete one first',
  },
  // --- Live VR streaming (/explore/live-streaming-list) ---
  livePasswordWrong: { zh: '直播密码错误', tc: '直播密碼錯誤', en: 'Wrong live stream password' },
  liveMembershipRequired: {
    zh: '直播需要有效的会员资格，请先开通或续费会员',
    tc: '直播需要有效的會員資格，請先開通或續費會員',
    en: 'Live streaming needs an active membership: subscribe or renew first',
  },
  liveTicketInvalid: {
    zh: '观看链接无效或已过期，请重新输入直播密码',
    tc: '觀看連結無效或已過期，請重新輸入直播密碼',
    en: 'The viewing link is not valid or has expired: enter the stream password again',
  },
  liveChatSignIn: { zh: '请先登录再发言', tc: '請先登入再發言', en: 'Sign in to write in the chat' },
  liveNotLive: { zh: '直播尚未开始', tc: '直播尚未開始', en: 'The stream is not on air yet' },
  liveEnded: { zh: '直播已结束', tc: '直播已結束', en: 'The live stream has ended' },
  // --- Organisation seats ---
  seatsExhausted: {
    zh: '机构已没有空余席位，请购买企业方案以增加席位',
    tc: '機構已沒有空餘席位，請購買企業方案以增加席位',
    en: 'Your organisation has no free seat left: buy an enterprise plan for more seats',
  },
} satisfies Record<string, Entry>;

/** Validation messages: spec section 5 texts in English, the rest ours. */
export const validationMessages = {
  required: { zh: '此项不能为空', tc: '此項不能為空', en: 'This field is required' },
  accountTypeRequired: { zh: '请选择账号类型', tc: '請選擇帳號類型', en: 'Please choose an account type' },
  usernameRequired: { zh: '用户名不能为空', tc: '用戶名不能為空', en: 'User name cannot be empty' },
  usernameFormat: {
    zh: '用户名最多 32 个字符，不能包含空格或 @ , / < >',
    tc: '用戶名最多 32 個字元，不能包含空格或 @ , / < >',
    en: 'User name: at most 32 characters, no spaces or @ , / < >',
  },
  passwordRequired: { zh: '密码不能为空', tc: '密碼不能為空', en: 'Password cannot be empty' },
  passwordMin: { zh: '密码不能少于 8 位', tc: '密碼不能少於 8 位', en: 'The password can not be less than 8 digits' },
  passwordMax: { zh: '密码不能超过 64 位', tc: '密碼不能超過 64 位', en: 'The password can not be more than 64 digits' },
  genderRequired: { zh: '请选择性别', tc: '請選擇性別', en: 'Please choose a gender' },
  phoneFormat: { zh: '手机号码格式不正确', tc: '電話號碼格式不正確', en: 'phone number format is incorrect' },
  forumNameRequired: { zh: '论坛用户名不能为空', tc: '論壇用戶名不能為空', en: 'Forum user name cannot be empty' },
  forumNameFormat: {
    zh: '论坛用户名不能包含空格或 @ , / < > 等特殊字符',
    tc: '論壇用戶名不能包含空格或 @ , / < > 等特殊字元',
    en: 'Forum user name cannot contain spaces or special characters such as @ , / < >',
  },
  forumNameMax: {
    zh: '论坛用户名最多 10 个字符',
    tc: '論壇用戶名最多 10 個字元',
    en: 'Forum user name can be at most 10 characters',
  },
  emailRequired: { zh: '邮箱不能为空', tc: '郵箱不能為空', en: 'Email cannot be empty' },
  emailFormat: { zh: '邮箱格式不正确', tc: '郵箱格式不正確', en: 'The email format is incorrect' },
  codeRequired: { zh: '验证码不能为空', tc: '驗證碼不能為空', en: 'Verification code cannot be empty' },
  codeFormat: { zh: '验证码为 6 位数字', tc: '驗證碼為 6 位數字', en: 'The verification code has 6 digits' },
  termsRequired: { zh: '请阅读并同意用户协议', tc: '請閱讀並同意用戶協議', en: 'Please read and accept the user terms' },
  certificateRequired: {
    zh: '机构账号需要上传证明文件',
    tc: '機構帳號需要上傳證明文件',
    en: 'Organisation accounts must upload a certificate',
  },
  oldPasswordRequired: { zh: '当前密码不能为空', tc: '目前密碼不能為空', en: 'The current password cannot be empty' },
  newPasswordRequired: { zh: '新密码不能为空', tc: '新密碼不能為空', en: 'New password cannot be empty' },
  confirmPasswordRequired: { zh: '确认密码不能为空', tc: '確認密碼不能為空', en: 'Confirm password can not be blank' },
  passwordMismatch: { zh: '两次输入的密码不一致！', tc: '兩次輸入的密碼不一致！', en: 'Inconsistent password entered twice!' },
  couponRequired: { zh: '优惠码不能为空', tc: '優惠碼不能為空', en: 'Coupon code cannot be empty' },
  contentRequired: { zh: '请输入内容', tc: '請輸入內容', en: 'please enter content' },
  nameRequired: { zh: '名称不能为空', tc: '名稱不能為空', en: 'Name cannot be empty' },
  tooLong: { zh: '内容太长', tc: '內容太長', en: 'This is too long' },
  fileRequired: { zh: '请选择要上传的文件', tc: '請選擇要上傳的檔案', en: 'Please choose a file to upload' },
  lastAdmin: {
    zh: '平台至少需要保留一位有效的管理员',
    tc: '平台至少需要保留一位有效的管理員',
    en: 'The platform must keep at least one active admin',
  },
  selfAction: {
    zh: '不能对自己的账号执行此操作',
    tc: '不能對自己的帳號執行此操作',
    en: 'You cannot do this to your own account',
  },
  csvHeader: {
    zh: 'CSV 首行须为 email,username,forum_name,password[,role]',
    tc: 'CSV 首行須為 email,username,forum_name,password[,role]',
    en: 'The first CSV line must be email,username,forum_name,password[,role]',
  },
  csvEmpty: { zh: 'CSV 文件没有数据行', tc: 'CSV 檔案沒有資料行', en: 'The CSV file has no data rows' },
  csvUnreadable: {
    zh: 'CSV 文件无法读取：有引号没有闭合',
    tc: 'CSV 檔案無法讀取：有引號沒有閉合',
    en: 'The CSV file cannot be read: a quote is never closed',
  },
  csvTooManyRows: {
    zh: 'CSV 文件最多 1000 行',
    tc: 'CSV 檔案最多 1000 行',
    en: 'The CSV file can have at most 1000 rows',
  },
  duplicateInFile: { zh: '与文件中前面的行重复', tc: '與檔案中前面的行重複', en: 'Repeats an earlier row of the file' },
  roleUnknown: { zh: '角色不存在或无权分配', tc: '角色不存在或無權分配', en: 'Unknown role, or one you may not assign' },
  httpPathFormat: {
    zh: '路径须以 / 开头，只含字母、数字、- _ /',
    tc: '路徑須以 / 開頭，只含字母、數字、- _ /',
    en: 'The path must start with / and contain only letters, digits, - _ /',
  },
  idRequired: { zh: '缺少编号', tc: '缺少編號', en: 'The id is missing' },
  numberInvalid: { zh: '请输入有效的数字', tc: '請輸入有效的數字', en: 'Please enter a valid number' },
  invalidValue: { zh: '取值无效', tc: '取值無效', en: 'Invalid value' },
  permissionIdsRequired: {
    zh: '请提供权限编号列表',
    tc: '請提供權限編號列表',
    en: 'Please give the list of permission ids',
  },
  permissionUnknown: {
    zh: '包含不存在的权限编号',
    tc: '包含不存在的權限編號',
    en: 'Some of these permission ids do not exist',
  },
  parentInvalid: {
    zh: '上级权限不存在，或不能是它自己或它的下级',
    tc: '上級權限不存在，或不能是它自己或它的下級',
    en: 'The parent permission does not exist, or is the permission itself or one of its children',
  },
  adminKeepsAuth: {
    zh: '管理员角色必须保留“权限管理”（/system/auth），否则将无人能管理权限',
    tc: '管理員角色必須保留「權限管理」（/system/auth），否則將無人能管理權限',
    en: 'The admin role must keep /system/auth, or nobody could manage permissions any more',
  },
  // --- Market, cart, orders and payment ---
  selectProduct: {
    zh: '请选择要购买的商品',
    tc: '請選擇要購買的商品',
    en: 'Please select the product you want to purchase',
  },
  selectPayMethod: { zh: '请选择支付方式', tc: '請選擇支付方式', en: 'Please select payment method' },
  priceFormat: { zh: '价格格式为 0.00', tc: '價格格式為 0.00', en: 'The price format is 0.00' },
  priceRange: {
    zh: '最低价格不能高于最高价格',
    tc: '最低價格不能高於最高價格',
    en: 'The minimum price cannot be above the maximum price',
  },
  scoreRange: { zh: '评分须为 1 到 5 分', tc: '評分須為 1 到 5 分', en: 'The score must be from 1 to 5' },
  reportReasonRequired: { zh: '请选择举报原因', tc: '請選擇舉報原因', en: 'Please choose a reason' },
  projectIdsFormat: {
    zh: '商品编号须为以逗号分隔的数字',
    tc: '商品編號須為以逗號分隔的數字',
    en: 'The item numbers must be numbers separated by commas',
  },
  tooManyItems: { zh: '一次最多 100 件商品', tc: '一次最多 100 件商品', en: 'At most 100 items at once' },
  orderNoRequired: { zh: '缺少订单号', tc: '缺少訂單號', en: 'The order number is missing' },
  // --- Invite and coupon codes ---
  promoCodeFormat: {
    zh: '代码为 4 到 32 位字母、数字、- 或 _',
    tc: '代碼為 4 到 32 位字母、數字、- 或 _',
    en: 'Use 4 to 32 letters, digits, - or _',
  },
  dateInvalid: { zh: '日期时间无效', tc: '日期時間無效', en: 'Invalid date and time' },
  expiryPast: { zh: '过期时间须晚于现在', tc: '過期時間須晚於現在', en: 'The expiry time must be in the future' },
  maxUsesBelowUsed: {
    zh: '使用次数上限不能低于已使用次数',
    tc: '使用次數上限不能低於已使用次數',
    en: 'The limit cannot be below the number of uses so far',
  },
  couponKindRequired: { zh: '请选择优惠类型', tc: '請選擇優惠類型', en: 'Please choose what the coupon gives' },
  couponValueRange: {
    zh: '会员天数为 1 到 3650，经验值为 1 到 1000000',
    tc: '會員天數為 1 到 3650，經驗值為 1 到 1000000',
    en: 'Membership days: 1 to 3650; experience points: 1 to 1000000',
  },
  // --- Creator content ---
  typeRequired: { zh: '请选择类型', tc: '請選擇類型', en: 'Please choose a type' },
  enterpriseMin: { zh: '企业版容量至少 20G', tc: '企業版容量至少 20G', en: 'The enterprise capacity is at least 20G' },
  catalogRequired: { zh: '请选择分类', tc: '請選擇分類', en: 'Please choose a catalog' },
  priceRequired: { zh: '价格不能为空', tc: '價格不能為空', en: 'The price cannot be empty' },
  descriptionRequired: { zh: '描述不能为空', tc: '描述不能為空', en: 'The description cannot be empty' },
  keywordRequired: { zh: '关键词不能为空', tc: '關鍵詞不能為空', en: 'The keyword cannot be empty' },
  coverRequired: { zh: '请上传封面图片', tc: '請上傳封面圖片', en: 'Please upload a cover image' },
  imageNotOwned: {
    zh: '只能使用自己上传的图片',
    tc: '只能使用自己上傳的圖片',
    en: 'You can only use images you uploaded yourself',
  },
  imageMissing: {
    zh: '该图片已不存在，请重新上传',
    tc: '該圖片已不存在，請重新上傳',
    en: 'This image is no longer available, please upload it again',
  },
  reasonRequired: { zh: '请填写原因', tc: '請填寫原因', en: 'Please enter a reason' },
  tagMergeSelf: { zh: '请选择另一个标签', tc: '請選擇另一個標籤', en: 'Choose another tag to merge into' },
  extensionFormat: {
    zh: '扩展名为 1 到 10 位小写字母或数字',
    tc: '副檔名為 1 到 10 位小寫字母或數字',
    en: 'The extension has 1 to 10 lower-case letters or digits',
  },
  questionsRange: { zh: '问卷须有 1 到 10 个问题', tc: '問卷須有 1 到 10 個問題', en: 'A questionnaire has 1 to 10 questions' },
  optionsRequired: {
    zh: '单选题须有 2 到 10 个选项',
    tc: '單選題須有 2 到 10 個選項',
    en: 'A single-choice question needs 2 to 10 options',
  },
  answersMismatch: {
    zh: '请回答问卷中的每个问题',
    tc: '請回答問卷中的每個問題',
    en: 'Please answer every question of the questionnaire',
  },
  // --- Scene documents ---
  elementIdFormat: {
    zh: '编号须为 1 到 40 位字母、数字、- 或 _',
    tc: '編號須為 1 到 40 位字母、數字、- 或 _',
    en: 'An id has 1 to 40 letters, digits, - or _',
  },
  elementIdDuplicate: { zh: '编号重复', tc: '編號重複', en: 'This id is used twice' },
  outOfRange: { zh: '数值超出允许范围', tc: '數值超出允許範圍', en: 'The number is out of range' },
  colorFormat: { zh: '颜色格式为 #RRGGBB', tc: '顏色格式為 #RRGGBB', en: 'A colour is written #RRGGBB' },
  urlFormat: {
    zh: '请输入以 http:// 或 https:// 开头的链接',
    tc: '請輸入以 http:// 或 https:// 開頭的連結',
    en: 'Enter a link starting with http:// or https://',
  },
  timeRangeOrder: { zh: '结束时间须晚于开始时间', tc: '結束時間須晚於開始時間', en: 'The end must come after the start' },
  timeRangeVideoOnly: {
    zh: '只有 360 视频场景的热点可以设置时间段',
    tc: '只有 360 影片場景的熱點可以設定時間段',
    en: 'Only hotspots of 360 video scenes can have a time range',
  },
  hotspotKind: { zh: '热点类型无效', tc: '熱點類型無效', en: 'Unknown hotspot kind' },
  tourNeedsScene: { zh: '导览至少需要一个场景', tc: '導覽至少需要一個場景', en: 'A tour needs at least one scene' },
  sceneTargetUnknown: {
    zh: '引用的场景或对象不存在',
    tc: '引用的場景或物件不存在',
    en: 'The scene or object referred to does not exist',
  },
  parentCycle: { zh: '分组不能包含自身', tc: '群組不能包含自身', en: 'A group cannot contain itself' },
  documentKind: { zh: '场景文档类型无效', tc: '場景文件類型無效', en: 'Unknown scene document kind' },
  tooMany: { zh: '数量超过上限', tc: '數量超過上限', en: 'Too many items' },
  tooDeep: { zh: '嵌套层级过深', tc: '巢狀層級過深', en: 'Nested too deeply' },
  sceneKindMismatch: {
    zh: '文档类型与作品不符：360 作品使用导览，3D 模型作品使用 3D 场景，多媒体作品两者皆可，且首次保存后不能更改',
    tc: '文件類型與作品不符：360 作品使用導覽，3D 模型作品使用 3D 場景，多媒體作品兩者皆可，且首次儲存後不能更改',
    en: 'The document type does not fit this project: 360 projects hold tours, 3D model projects hold 3D scenes, multimedia projects either, and the type is fixed by the first save',
  },
  sceneAssetUnknown: {
    zh: '素材 {{id}} 不存在或不属于您',
    tc: '素材 {{id}} 不存在或不屬於您',
    en: 'Asset {{id}} does not exist or is not yours',
  },
  sceneAssetNotReady: {
    zh: '素材 {{id}} 尚未处理完成',
    tc: '素材 {{id}} 尚未處理完成',
    en: 'Asset {{id}} is not processed yet',
  },
  sceneAssetKind: {
    zh: '素材 {{id}} 的类型不适用于此处（需要：{{kinds}}）',
    tc: '素材 {{id}} 的類型不適用於此處（需要：{{kinds}}）',
    en: 'Asset {{id}} is of the wrong kind here (needed: {{kinds}})',
  },
  sceneLibraryUnknown: {
    zh: '模型库中没有模型 {{id}}',
    tc: '模型庫中沒有模型 {{id}}',
    en: 'Model {{id}} is not in the model library',
  },
  sceneLibraryUnavailable: {
    zh: '模型库尚未启用，不能使用模型库模型 {{id}}',
    tc: '模型庫尚未啟用，不能使用模型庫模型 {{id}}',
    en: 'The model library is not available, so library model {{id}} cannot be used',
  },
  sceneProductUnavailable: {
    zh: '商品 {{id}} 未在市场上架',
    tc: '商品 {{id}} 未在市場上架',
    en: 'Product {{id}} is not in the market',
  },
  sceneCatalogFixed: {
    zh: '此作品已保存场景文档：导览只能用于 360 图片、360 视频或多媒体分类，3D 场景只能用于 3D 模型或多媒体分类',
    tc: '此作品已儲存場景文件：導覽只能用於 360 圖片、360 影片或多媒體分類，3D 場景只能用於 3D 模型或多媒體分類',
    en: 'This project holds a scene document: a tour fits the 360 image, 360 video or multimedia catalog, a 3D scene the 3D model or multimedia catalog',
  },
  // --- Hardening: bounds, control characters, zod issue codes ---
  idInvalid: { zh: '编号无效', tc: '編號無效', en: 'The id is invalid' },
  numberTooLarge: { zh: '数值太大', tc: '數值太大', en: 'The number is too large' },
  numberTooSmall: { zh: '数值太小', tc: '數值太小', en: 'The number is too small' },
  tooShort: { zh: '内容太短', tc: '內容太短', en: 'This is too short' },
  formatInvalid: { zh: '格式不正确', tc: '格式不正確', en: 'The format is incorrect' },
  controlChars: {
    zh: '不能包含控制字符',
    tc: '不能包含控制字元',
    en: 'Control characters are not allowed',
  },
  // --- Model library ---
  libraryCategoryUnknown: { zh: '模型分类不存在', tc: '模型分類不存在', en: 'Unknown model category' },
  libraryNothingToChange: {
    zh: '请指定要修改的内容（隐藏、名称或分类）',
    tc: '請指定要修改的內容（隱藏、名稱或分類）',
    en: 'Say what to change: hidden, names or category',
  },
  libraryImportOff: {
    zh: '服务器未配置素材包目录（LIBRARY_IMPORT_DIR），请用 npm run library:import 导入',
    tc: '伺服器未設定素材包目錄（LIBRARY_IMPORT_DIR），請用 npm run library:import 匯入',
    en: 'The server has no asset pack folder (LIBRARY_IMPORT_DIR); import with npm run library:import',
  },
  libraryPackNotFound: {
    zh: '素材包目录中没有这个文件夹或 zip',
    tc: '素材包目錄中沒有這個資料夾或 zip',
    en: 'No such folder or zip in the asset pack folder',
  },
  // --- Audit log ---
  auditActionFormat: {
    zh: '操作名称格式不正确',
    tc: '操作名稱格式不正確',
    en: 'The action name is not valid',
  },
  auditRangeInvalid: {
    zh: '开始时间不能晚于结束时间',
    tc: '開始時間不能晚於結束時間',
    en: 'The start time cannot be after the end time',
  },
  auditPageTooDeep: {
    zh: '只能浏览前 10,000 条记录，请缩小筛选范围',
    tc: '只能瀏覽前 10,000 條記錄，請縮小篩選範圍',
    en: 'Only the first 10,000 entries can be paged through: narrow the filters',
  },
  // --- Wallet, cash-out and coins ---
  dateRangeInvalid: {
    zh: '开始日期不能晚于结束日期',
    tc: '開始日期不能晚於結束日期',
    en: 'The start date cannot be after the end date',
  },
  fpsIdFormat: {
    zh: '请输入转数快识别码（7-9 位数字）、香港手机号码或邮箱',
    tc: '請輸入轉數快識別碼（7-9 位數字）、香港手機號碼或電郵',
    en: 'Enter an FPS ID (7-9 digits), a Hong Kong mobile number or an e-mail address',
  },
  bankCodeFormat: { zh: '银行编号为 3 位数字', tc: '銀行編號為 3 位數字', en: 'The bank code has 3 digits' },
  branchCodeFormat: { zh: '分行编号为 3 位数字', tc: '分行編號為 3 位數字', en: 'The branch code has 3 digits' },
  accountNoFormat: { zh: '账户号码为 6-12 位数字', tc: '戶口號碼為 6-12 位數字', en: 'The account number has 6 to 12 digits' },
  holderNameRequired: { zh: '请填写账户持有人姓名', tc: '請填寫戶口持有人姓名', en: 'Enter the account holder’s name' },
  referenceRequired: { zh: '请填写付款参考编号', tc: '請填寫付款參考編號', en: 'Enter the payment reference' },
  idempotencyKeyFormat: { zh: '请求编号无效', tc: '請求編號無效', en: 'The request key is invalid' },
  exchangeDaysRange: {
    zh: '天数须为 1 至 366 的整数',
    tc: '天數須為 1 至 366 的整數',
    en: 'Days must be a whole number from 1 to 366',
  },
  // --- Plans ---
  planNameRequired: { zh: '请输入方案名称', tc: '請輸入方案名稱', en: 'Please enter the plan name' },
  planEnterpriseStorage: {
    zh: '企业方案的存储空间不能少于 20 GB',
    tc: '企業方案的儲存空間不能少於 20 GB',
    en: 'An enterprise plan has at least 20 GB of storage',
  },
  // --- Meta world (world) ---
  worldWeightRange: {
    zh: '权重须为 0 至 999 的整数',
    tc: '權重須為 0 至 999 的整數',
    en: 'Weight must be a whole number from 0 to 999',
  },
  worldCapacityRange: {
    zh: '每个房间人数须为 2 至 200',
    tc: '每個房間人數須為 2 至 200',
    en: 'Capacity must be from 2 to 200 people',
  },
  worldPasswordFormat: {
    zh: '房间密码须为 4 至 64 个字符',
    tc: '房間密碼須為 4 至 64 個字元',
    en: 'The room password must be 4 to 64 characters',
  },
  worldPasswordRequired: { zh: '请设置房间密码', tc: '請設定房間密碼', en: 'Set a room password' },
  worldChatRequired: { zh: '请输入消息', tc: '請輸入訊息', en: 'Type a message' },
  worldChatTooLong: { zh: '消息最多 500 个字符', tc: '訊息最多 500 個字元', en: 'A message has at most 500 characters' },
  worldSignalTooLarge: { zh: '信令数据过大', tc: '信令數據過大', en: 'The signalling message is too large' },
  // --- Live VR streaming ---
  liveNameRequired: { zh: '请输入直播名称', tc: '請輸入直播名稱', en: 'Please enter the live stream name' },
  livePasswordRequired: { zh: '请输入直播密码', tc: '請輸入直播密碼', en: 'Please enter the live stream password' },
  livePasswordDigits: { zh: '密码为 6 位数字', tc: '密碼為 6 位數字', en: 'The password is 6 digits' },
  // --- Organisation seats ---
  seatsNotDates: {
    zh: '只有管理员可以修改会员到期日，机构管理员请为成员分配席位',
    tc: '只有管理員可以修改會員到期日，機構管理員請為成員分配席位',
    en: 'Only an administrator can edit membership dates: give the member a seat instead',
  },
  seatAlreadyHeld: { zh: '该成员已占用一个席位', tc: '該成員已佔用一個席位', en: 'This member already holds a seat' },
  seatNoMembership: {
    zh: '您的会员已过期，没有可分配的会员期限，请先续费',
    tc: '您的會員已過期，沒有可分配的會員期限，請先續費',
    en: 'Your own membership has ended, so a seat has no days to give: renew first',
  },
  seatNotHeld: { zh: '该成员没有占用席位', tc: '該成員沒有佔用席位', en: 'This member holds no seat' },
} satisfies Record<string, Entry>;

export type ErrorMessageKey = keyof typeof errorMessages;
export type ValidationMessageKey = keyof typeof validationMessages;

/** Prefix zod issue messages carry, so either side can translate them: `v.passwordMin`. */
export const V = (key: ValidationMessageKey) => `v.${key}`;

/** Fills `{{name}}` placeholders (the i18next syntax, so the web uses the same texts). */
export function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** True when `key` names a message of this file (`v.x`, `err.x` or a bare error key), i.e. it can be translated. */
export function isMessageKey(key: string): boolean {
  if (key.startsWith('v.')) return key.slice(2) in validationMessages;
  return (key.startsWith('err.') ? key.slice(4) : key) in errorMessages;
}

/** Translates a message key (`v.x`, `err.x` or a bare error key) into a language; unknown keys pass through. */
export function translateMessage(key: string, lang: Lang, params?: Record<string, string | number>): string {
  if (params) return interpolate(translateMessage(key, lang), params);
  if (key.startsWith('v.')) {
    const entry = (validationMessages as Record<string, Entry>)[key.slice(2)];
    return entry ? entry[lang] : key;
  }
  const bare = key.startsWith('err.') ? key.slice(4) : key;
  const entry = (errorMessages as Record<string, Entry>)[bare];
  return entry ? entry[lang] : key;
}

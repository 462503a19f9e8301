import { EMAIL_CODE_TTL_MIN, PRODUCT_NAME } from '@xr/contract/constants';
import type { Lang } from '@xr/contract/lang';
import type { MailMessage } from '../../lib/mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const wrap = (lines: string[]) =>
  `<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.6">${lines.map((l) => `<p>${l}</p>`).join('')}</div>`;

/** The mail carrying a 6-digit code, for registration or for resetting the password. */
export function codeMail(to: string, code: string, purpose: 'register' | 'reset', lang: Lang): MailMessage {
  const t = {
    zh: {
      register: ['注册验证码', '您正在注册'] as const,
      reset: ['重置密码验证码', '您正在重置密码'] as const,
      body: `验证码 ${code}，${EMAIL_CODE_TTL_MIN} 分钟内有效。如非本人操作，请忽略此邮件。`,
    },
    tc: {
      register: ['註冊驗證碼', '您正在註冊'] as const,
      reset: ['重設密碼驗證碼', '您正在重設密碼'] as const,
      body: `驗證碼 ${code}，${EMAIL_CODE_TTL_MIN} 分鐘內有效。如非本人操作，請忽略此郵件。`,
    },
    en: {
      register: ['Your registration code', 'You are registering with'] as const,
      reset: ['Your password reset code', 'You are resetting your password at'] as const,
      body: `Your verification code is ${code}. It is valid for ${EMAIL_CODE_TTL_MIN} minutes. If this was not you, ignore this mail.`,
    },
  }[lang];
  const [subject, intro] = t[purpose];
  const text = `${intro} ${PRODUCT_NAME}.\n${t.body}`;
  return {
    to,
    subject: `${PRODUCT_NAME}: ${subject} ${code}`,
    text,
    html: wrap([
      `${escapeHtml(intro)} ${PRODUCT_NAME}.`,
      escapeHtml(t.body).replace(code, `<b style="font-size:20px">${code}</b>`),
    ]),
  };
}

/** The mail with the account activation link ("confirm account activation through the mailbox"). */
export function activationMail(to: string, link: string, lang: Lang): MailMessage {
  const t = {
    zh: [
      '激活您的账号',
      '感谢注册。请点击以下链接激活账号（48 小时内有效）：',
      '激活后回到注册页点击“我已确认”即可登录。',
    ] as const,
    tc: [
      '啟用您的帳號',
      '感謝註冊。請點擊以下連結啟用帳號（48 小時內有效）：',
      '啟用後回到註冊頁點擊「我已確認」即可登入。',
    ] as const,
    en: [
      'Activate your account',
      'Thank you for registering. Open this link to activate your account (valid for 48 hours):',
      'Then press "I have confirmed" on the registration page, or simply log in.',
    ] as const,
  }[lang];
  return {
    to,
    subject: `${PRODUCT_NAME}: ${t[0]}`,
    text: `${t[1]}\n${link}\n${t[2]}`,
    html: wrap([escapeHtml(t[1]), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`, escapeHtml(t[2])]),
  };
}

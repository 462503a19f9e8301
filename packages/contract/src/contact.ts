import { z } from 'zod';
import { emailField, phoneField } from './auth';
import { V } from './messages';

/** Body of POST /send_contact_us, the public contact form: name, email and phone required. */
export const contactBody = z.object({
  name: z
    .string({ message: V('nameRequired') })
    .trim()
    .min(1, V('nameRequired'))
    .max(100, V('tooLong')),
  email: emailField,
  phone: phoneField,
  organisation: z.string().trim().max(200, V('tooLong')).optional(),
  message: z.string().trim().max(5000, V('tooLong')).optional(),
});
export type ContactBody = z.input<typeof contactBody>;
/** Reply of POST /send_contact_us: the id of the kept message. */
export const contactReply = z.object({ id: z.number().int() });
export type ContactReply = z.infer<typeof contactReply>;

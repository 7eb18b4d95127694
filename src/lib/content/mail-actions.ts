/**
 * The mail forms' send in a page (§7 mailer): a contact or booking letter (the letters, the rule of
 * sending and its texts: src/lib/forms/mail.ts) through the shop's API client.
 */
import { createApiClient } from '../api/client';
import { sendLetter, type Letter, type SendResult } from '../forms/mail';

/** Sends a letter through the shop's API mailer (§7): the mail forms' send. */
export function sendMail(letter: Letter): Promise<SendResult> {
  return sendLetter(createApiClient().mailer, letter);
}

/**
 * Mail as the client's own mail program writes it (SPEC §17), for tests that put it in the venue's
 * real mailbox by IMAP APPEND: RFC 5322 text, CRLF line ends, a text and an HTML part.
 *
 * CLIENT_REPLY is Amelia's answer to the venue's "The terrace is yours", as Gmail composes a reply:
 * To the Reply-To of the mail she answers (the booking's plus-tagged conversation address),
 * In-Reply-To and References naming its Message-ID, and the history quoted below her words ("> "
 * lines after an "On … wrote:" line in the text, a blockquote in the HTML), then her signature.
 * {{CONVERSATION_ADDRESS}} and {{SENT_MESSAGE_ID}} stand for what the venue's mail carried.
 *
 * UNKNOWN_SENDER is a first message from someone the venue does not know, to the mailbox's own
 * address: nothing files it, so it waits in the Inbox.
 */

export const CLIENT_REPLY = `From: Amelia Hart <amelia@client.example>
To: Harbour Rooms <{{CONVERSATION_ADDRESS}}>
Subject: Re: The terrace is yours
Date: Tue, 20 Apr 2027 11:02:00 +0100
Message-ID: <CAHart-terrace-reply-0420@mail.client.example>
In-Reply-To: {{SENT_MESSAGE_ID}}
References: {{SENT_MESSAGE_ID}}
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="000000000000a1b2c3d4e5f6"

--000000000000a1b2c3d4e5f6
Content-Type: text/plain; charset="UTF-8"
Content-Transfer-Encoding: 7bit

Wonderful, thank you! We will take the terrace for the ceremony at 2 pm.
Could we come by on a Saturday morning to see it with my mother?

Amelia

On Tue, 20 Apr 2027 at 11:00, Harbour Rooms <events@harbour.example> wrote:
> Dear Amelia,
>
> The terrace is yours for the ceremony on 19 June, and dinner will be
> inside for 90 guests.
>
> Warm regards,
> Harbour Rooms

--
Amelia Hart
+44 20 7946 0000

--000000000000a1b2c3d4e5f6
Content-Type: text/html; charset="UTF-8"
Content-Transfer-Encoding: 7bit

<div dir="ltr"><div>Wonderful, thank you! We will take the terrace for the
ceremony at 2&nbsp;pm.</div><div>Could we come by on a Saturday morning to see it
with my mother?</div><div><br></div><div>Amelia</div></div><br><div
class="gmail_quote"><div dir="ltr" class="gmail_attr">On Tue, 20 Apr 2027 at
11:00, Harbour Rooms &lt;<a
href="mailto:events@harbour.example">events@harbour.example</a>&gt;
wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px
0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">Dear
Amelia,<br><br>The terrace is yours for the ceremony on 19 June, and dinner
will be inside for 90 guests.<br><br>Warm regards,<br>Harbour
Rooms</blockquote></div><div>-- <br>Amelia Hart<br>+44 20 7946 0000</div>

--000000000000a1b2c3d4e5f6--
`;

export const UNKNOWN_SENDER = `From: Sam Reyes <sam@reyes-planning.example>
To: events@harbour.example
Subject: Flowers for the Hart wedding on 19 June
Date: Tue, 20 Apr 2027 12:15:00 +0100
Message-ID: <20270420121500.4f2a@reyes-planning.example>
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="sam-0420-alt"

--sam-0420-alt
Content-Type: text/plain; charset="UTF-8"
Content-Transfer-Encoding: 7bit

Hello,

I plan Amelia Hart's wedding with you on 19 June. When can our florist
come in to dress the terrace, and is there water nearby?

Sam Reyes
Reyes Planning

--sam-0420-alt
Content-Type: text/html; charset="UTF-8"
Content-Transfer-Encoding: 7bit

<p>Hello,</p><p>I plan Amelia Hart's wedding with you on 19 June. When can
our florist come in to dress the terrace, and is there water nearby?</p>
<p>Sam Reyes<br>Reyes Planning</p>

--sam-0420-alt--
`;

/** The text a test APPENDs: CRLF line ends, the placeholders filled in. */
export function composed(template: string, fill: Record<string, string> = {}): string {
  let text = template;
  for (const [name, value] of Object.entries(fill)) text = text.replaceAll(`{{${name}}}`, value);
  const left = /\{\{[A-Z_]+\}\}/.exec(text);
  if (left) throw new Error(`${left[0]} is not filled in`);
  return text.replace(/\r?\n/g, '\r\n');
}

//! Outgoing e-mail: SMTP when configured, otherwise .eml files in `<data>/outbox`.

use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::db::anyhow_like;

#[derive(Clone)]
enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    File(AsyncFileTransport<Tokio1Executor>),
}

/// Sends the product's e-mails.
#[derive(Clone)]
pub struct Mailer {
    transport: Transport,
    from: Mailbox,
    outbox: std::path::PathBuf,
}

/// One e-mail to send.
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
}

impl Mailer {
    /// SMTP from a URL, or the file outbox.
    pub fn new(
        smtp_url: Option<&str>,
        outbox: &std::path::Path,
        from: &str,
    ) -> anyhow_like::Result<Mailer> {
        let from: Mailbox = from.parse()?;
        let transport = match smtp_url {
            Some(url) => {
                Transport::Smtp(AsyncSmtpTransport::<Tokio1Executor>::from_url(url)?.build())
            }
            None => {
                // The outbox holds live reset links: private to the server's user.
                crate::db::private_dir(outbox)?;
                Transport::File(AsyncFileTransport::<Tokio1Executor>::new(outbox))
            }
        };
        Ok(Mailer {
            transport,
            from,
            outbox: outbox.to_path_buf(),
        })
    }

    /// Sends one e-mail; failures are logged and returned.
    pub async fn send(&self, mail: Mail) -> Result<(), String> {
        let to: Mailbox = mail.to.parse().map_err(|e| format!("bad recipient: {e}"))?;
        let msg = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(mail.subject)
            .multipart(MultiPart::alternative_plain_html(mail.text, mail.html))
            .map_err(|e| e.to_string())?;
        let res = match &self.transport {
            Transport::Smtp(t) => t.send(msg).await.map(|_| ()).map_err(|e| e.to_string()),
            Transport::File(t) => match t.send(msg).await {
                Ok(id) => crate::db::private_file(&self.outbox.join(format!("{id}.eml")))
                    .map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            },
        };
        if let Err(e) = &res {
            tracing::error!(error = %e, "sending e-mail failed");
        }
        res
    }

    /// Sends in the background: the caller's answer does not wait on the mail server.
    pub fn send_later(&self, mail: Mail) {
        let me = self.clone();
        tokio::spawn(async move {
            let _ = me.send(mail).await;
        });
    }
}

/// Escapes text for HTML bodies.
pub fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

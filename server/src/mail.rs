//! Outgoing e-mail: SMTP when configured, otherwise .eml files in `<data>/outbox`.

use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart};
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

/// A file attached to an e-mail (an iCalendar invitation, for instance).
#[derive(Clone)]
pub struct Adjunto {
    pub nombre: String,
    /// MIME type, e.g. `text/calendar; charset=utf-8; method=PUBLISH`.
    pub tipo: String,
    pub datos: Vec<u8>,
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
        self.send_with(mail, Vec::new()).await
    }

    /// Sends one e-mail with attachments (none: a plain text/HTML e-mail).
    pub async fn send_with(&self, mail: Mail, adjuntos: Vec<Adjunto>) -> Result<(), String> {
        let to: Mailbox = mail.to.parse().map_err(|e| format!("bad recipient: {e}"))?;
        let cuerpo = MultiPart::alternative_plain_html(mail.text, mail.html);
        let cuerpo = if adjuntos.is_empty() {
            cuerpo
        } else {
            let mut mixto = MultiPart::mixed().multipart(cuerpo);
            for a in adjuntos {
                let tipo = ContentType::parse(&a.tipo).map_err(|e| e.to_string())?;
                mixto = mixto.singlepart(Attachment::new(a.nombre).body(a.datos, tipo));
            }
            mixto
        };
        let msg = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(mail.subject)
            .multipart(cuerpo)
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

    /// Sends with attachments in the background.
    pub fn send_later_with(&self, mail: Mail, adjuntos: Vec<Adjunto>) {
        let me = self.clone();
        tokio::spawn(async move {
            let _ = me.send_with(mail, adjuntos).await;
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

//! The instance's VAPID key pair, generated once into the data dir.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use web_push_native::jwt_simple::algorithms::ES256KeyPair;
use web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint;

use crate::db::anyhow_like;

/// The instance's VAPID key pair.
pub struct Vapid {
    pub(super) key: ES256KeyPair,
    /// Uncompressed public key, base64url: the browser's applicationServerKey.
    pub public_b64: String,
    pub(super) http: reqwest::Client,
}

impl Vapid {
    /// Loads `<data>/vapid.key`, generating it the first time.
    pub fn load(data_dir: &std::path::Path) -> anyhow_like::Result<Vapid> {
        let path = data_dir.join("vapid.key");
        let key = match std::fs::read_to_string(&path) {
            Ok(text) => {
                // Keys written before this rule were world-readable.
                crate::db::private_file(&path)?;
                ES256KeyPair::from_bytes(&URL_SAFE_NO_PAD.decode(text.trim())?)?
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let key = ES256KeyPair::generate();
                // Created 0600, not chmod-ed after: the key is never readable by others.
                let mut opts = std::fs::OpenOptions::new();
                opts.write(true).create_new(true);
                #[cfg(unix)]
                {
                    use std::os::unix::fs::OpenOptionsExt;
                    opts.mode(0o600);
                }
                std::io::Write::write_all(
                    &mut opts.open(&path)?,
                    URL_SAFE_NO_PAD.encode(key.to_bytes()).as_bytes(),
                )?;
                key
            }
            Err(e) => return Err(e.into()),
        };
        let secret = web_push_native::p256::SecretKey::from_slice(&key.to_bytes())?;
        let public_b64 =
            URL_SAFE_NO_PAD.encode(secret.public_key().to_encoded_point(false).as_bytes());
        let http = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(10))
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        Ok(Vapid {
            key,
            public_b64,
            http,
        })
    }
}

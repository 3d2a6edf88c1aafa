//! Object storage: a local folder by default, or S3 (`s3://bucket/prefix`).

use std::sync::Arc;

use bytes::Bytes;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::prefix::PrefixStore;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};

use crate::db::anyhow_like;
use crate::error::AppResult;

/// Files of the instance under stable keys (`employees/photos/…`, `chats/…`).
#[derive(Clone)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
    pub description: String,
}

impl Storage {
    /// Opens the storage named by `--storage`.
    pub fn open(spec: &str) -> anyhow_like::Result<Storage> {
        if let Some(rest) = spec.strip_prefix("s3://") {
            let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
            if bucket.is_empty() {
                return Err("the S3 storage URL needs a bucket: s3://bucket/prefix".into());
            }
            let s3 = AmazonS3Builder::from_env()
                .with_bucket_name(bucket)
                .build()?;
            let store: Arc<dyn ObjectStore> = if prefix.trim_matches('/').is_empty() {
                Arc::new(s3)
            } else {
                Arc::new(PrefixStore::new(s3, prefix.trim_matches('/')))
            };
            Ok(Storage {
                store,
                description: spec.to_string(),
            })
        } else {
            std::fs::create_dir_all(spec)?;
            let local = LocalFileSystem::new_with_prefix(spec)?;
            Ok(Storage {
                store: Arc::new(local),
                description: spec.to_string(),
            })
        }
    }

    /// Stores `data` under `key`.
    pub async fn put(&self, key: &str, data: Bytes) -> AppResult<()> {
        self.store
            .put(&Path::from(key), PutPayload::from_bytes(data))
            .await?;
        Ok(())
    }

    /// Reads the object under `key`.
    pub async fn get(&self, key: &str) -> AppResult<Bytes> {
        let res = self.store.get(&Path::from(key)).await?;
        Ok(res.bytes().await?)
    }

    /// Deletes the object under `key` (missing objects are fine).
    pub async fn delete(&self, key: &str) -> AppResult<()> {
        match self.store.delete(&Path::from(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }
}

/// Image kinds accepted for photos, sniffed from content.
pub fn sniff_image(data: &[u8]) -> Option<(&'static str, &'static str)> {
    let kind = infer::get(data)?;
    match kind.mime_type() {
        "image/png" => Some(("png", "image/png")),
        "image/jpeg" => Some(("jpg", "image/jpeg")),
        "image/gif" => Some(("gif", "image/gif")),
        _ => None,
    }
}

/// Content type of a stored key, from its extension.
pub fn content_type_of(key: &str) -> &'static str {
    match key
        .rsplit('.')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase()
        .as_str()
    {
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "pdf" => "application/pdf",
        _ => "application/octet-stream",
    }
}

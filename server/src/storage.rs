//! Object storage: a local folder by default, or S3 (`s3://bucket/prefix`).

use std::sync::Arc;

use bytes::Bytes;
use futures::StreamExt;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::prefix::PrefixStore;
use object_store::{GetOptions, GetRange, ObjectStore, ObjectStoreExt, PutPayload, WriteMultipart};

use crate::db::anyhow_like;
use crate::error::{AppError, AppResult};

/// Files of the instance under stable keys (`employees/photos/…`, `chats/…`).
#[derive(Clone)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
    pub description: String,
    /// The folder of the local store (None for S3): its files are made private to the
    /// server's user.
    local_root: Option<std::path::PathBuf>,
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
                local_root: None,
            })
        } else {
            crate::db::private_dir(std::path::Path::new(spec))?;
            let local = LocalFileSystem::new_with_prefix(spec)?;
            Ok(Storage {
                store: Arc::new(local),
                description: spec.to_string(),
                local_root: Some(std::path::PathBuf::from(spec)),
            })
        }
    }

    /// Stores `data` under `key`. Images whose header declares more pixels than
    /// [`MAX_IMAGE_SIDE`] / [`MAX_IMAGE_PIXELS`] are refused here, before anything is
    /// written, so that no upload path can store one.
    pub async fn put(&self, key: &str, data: Bytes) -> AppResult<()> {
        check_image_size(&data)?;
        self.store
            .put(&Path::from(key), PutPayload::from_bytes(data))
            .await?;
        if let Some(root) = &self.local_root {
            crate::db::private_file(&root.join(key))?;
        }
        Ok(())
    }

    /// Reads the object under `key`.
    pub async fn get(&self, key: &str) -> AppResult<Bytes> {
        let res = self.store.get(&Path::from(key)).await?;
        Ok(res.bytes().await?)
    }

    /// Stores the file at `path` under `key`, streaming it in parts: large files (SCORM
    /// content, videos) never sit whole in memory.
    pub async fn put_file(&self, key: &str, path: &std::path::Path) -> AppResult<()> {
        use tokio::io::AsyncReadExt;
        let mut file = tokio::fs::File::open(path)
            .await
            .map_err(AppError::internal)?;
        let size = file.metadata().await.map_err(AppError::internal)?.len();
        if size <= PART as u64 {
            let mut data = Vec::with_capacity(size as usize);
            file.read_to_end(&mut data)
                .await
                .map_err(AppError::internal)?;
            return self.put(key, Bytes::from(data)).await;
        }
        let upload = self.store.put_multipart(&Path::from(key)).await?;
        let mut writer = WriteMultipart::new_with_chunk_size(upload, PART);
        let mut buf = vec![0u8; 1024 * 1024];
        let sent: AppResult<()> = async {
            loop {
                let n = file.read(&mut buf).await.map_err(AppError::internal)?;
                if n == 0 {
                    return Ok(());
                }
                writer.wait_for_capacity(2).await?;
                writer.write(&buf[..n]);
            }
        }
        .await;
        if let Err(e) = sent {
            // An unfinished multipart upload would linger (and be billed) on S3.
            let _ = writer.abort().await;
            return Err(e);
        }
        writer.finish().await?;
        if let Some(root) = &self.local_root {
            crate::db::private_file(&root.join(key))?;
        }
        Ok(())
    }

    /// Reads the object under `key`, or the byte range asked for (first byte, last byte
    /// included), as a stream; with its
    /// whole size and the range returned. None when there is no such object.
    pub async fn get_stream(
        &self,
        key: &str,
        range: Option<(u64, Option<u64>)>,
    ) -> AppResult<Option<Lectura>> {
        let options = GetOptions {
            range: range.map(|(start, end)| match end {
                Some(end) => GetRange::Bounded(start..end.saturating_add(1)),
                None => GetRange::Offset(start),
            }),
            ..GetOptions::default()
        };
        match self.store.get_opts(&Path::from(key), options).await {
            Ok(res) => Ok(Some(Lectura {
                size: res.meta.size,
                range: res.range.clone(),
                stream: res.into_stream(),
            })),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Deletes every object whose key starts with `prefix` (a folder).
    pub async fn delete_prefix(&self, prefix: &str) -> AppResult<u64> {
        let mut listed = self.store.list(Some(&Path::from(prefix)));
        let mut n = 0;
        while let Some(meta) = listed.next().await {
            // The listed location is already a path: deleting it through `delete(&str)`
            // would encode its `%` again and miss names with escaped characters.
            match self.store.delete(&meta?.location).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => {}
                Err(e) => return Err(e.into()),
            }
            n += 1;
        }
        Ok(n)
    }

    /// Deletes the object under `key` (missing objects are fine).
    pub async fn delete(&self, key: &str) -> AppResult<()> {
        match self.store.delete(&Path::from(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }
}

/// Size of the parts a large file is stored in.
const PART: usize = 8 * 1024 * 1024;

/// An object being read: its whole size, the byte range sent and the bytes.
pub struct Lectura {
    pub size: u64,
    pub range: std::ops::Range<u64>,
    pub stream: futures::stream::BoxStream<'static, object_store::Result<Bytes>>,
}

/// Longest side of an accepted image, in pixels.
pub const MAX_IMAGE_SIDE: u32 = 8000;
/// Most pixels of an accepted image (40 megapixels).
pub const MAX_IMAGE_PIXELS: u64 = 40_000_000;

/// Refuses a png, jpeg or gif whose header declares more than [`MAX_IMAGE_SIDE`] pixels a
/// side or [`MAX_IMAGE_PIXELS`] in all: a few kilobytes can claim 50000×50000, which
/// every browser (and any later thumbnailing) would try to allocate. Only the header is
/// read; other content passes.
pub fn check_image_size(data: &[u8]) -> AppResult<()> {
    let Some((w, h)) = image_size(data) else {
        return Ok(());
    };
    if w > MAX_IMAGE_SIDE || h > MAX_IMAGE_SIDE || u64::from(w) * u64::from(h) > MAX_IMAGE_PIXELS {
        return Err(AppError::unprocessable("archivo.imagen_dimensiones")
            .arg("max", MAX_IMAGE_SIDE.to_string()));
    }
    Ok(())
}

/// Width and height from a png, gif or jpeg header, when the content is one of them.
pub fn image_size(data: &[u8]) -> Option<(u32, u32)> {
    let be16 = |i: usize| {
        Some(u32::from(u16::from_be_bytes([
            *data.get(i)?,
            *data.get(i + 1)?,
        ])))
    };
    let le16 = |i: usize| {
        Some(u32::from(u16::from_le_bytes([
            *data.get(i)?,
            *data.get(i + 1)?,
        ])))
    };
    let be32 = |i: usize| {
        Some(u32::from_be_bytes([
            *data.get(i)?,
            *data.get(i + 1)?,
            *data.get(i + 2)?,
            *data.get(i + 3)?,
        ]))
    };
    if data.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Some((be32(16)?, be32(20)?));
    }
    if data.starts_with(b"GIF87a") || data.starts_with(b"GIF89a") {
        return Some((le16(6)?, le16(8)?));
    }
    if !data.starts_with(&[0xFF, 0xD8]) {
        return None;
    }
    // JPEG: walk the segments to the first start-of-frame.
    let mut i = 2;
    while i + 3 < data.len() {
        if data[i] != 0xFF {
            return None;
        }
        let marker = data[i + 1];
        if marker == 0xFF {
            i += 1;
            continue;
        }
        if marker == 0x01 || (0xD0..=0xD9).contains(&marker) {
            i += 2;
            continue;
        }
        let len = be16(i + 2)? as usize;
        if (0xC0..=0xCF).contains(&marker) && !matches!(marker, 0xC4 | 0xC8 | 0xCC) {
            return Some((be16(i + 7)?, be16(i + 5)?));
        }
        i += 2 + len;
    }
    None
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

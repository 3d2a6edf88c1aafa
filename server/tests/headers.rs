//! What every answer carries for the browser's safety, and how the web app and the API
//! are compressed on the wire (issue 10: M5, nosniff, compression).

use crate::common;

use std::io::Read;

use common::*;
use reqwest::StatusCode;
use reqwest::header::{HeaderMap, HeaderValue};

fn header<'a>(h: &'a HeaderMap, name: &str) -> &'a str {
    h.get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
}

/// The directives of a policy, by name.
fn directive<'a>(csp: &'a str, name: &str) -> Option<&'a str> {
    csp.split(';').map(str::trim).find_map(|d| {
        let (n, rest) = d.split_once(' ').unwrap_or((d, ""));
        (n == name).then_some(rest)
    })
}

async fn raw(s: &TestServer, path: &str, encoding: Option<&str>) -> reqwest::Response {
    let mut req = s.http.get(format!("{}{}", s.base, path));
    if let Some(e) = encoding {
        req = req.header("accept-encoding", HeaderValue::from_str(e).unwrap());
    }
    req.send().await.expect("request sent")
}

#[tokio::test]
async fn the_web_app_runs_under_a_strict_content_security_policy() {
    let s = TestServer::start().await;
    for path in ["/login", "/menu/empleados", "/"] {
        let res = raw(&s, path, None).await;
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        let h = res.headers().clone();
        let csp = header(&h, "content-security-policy");
        assert!(!csp.is_empty(), "{path}: no Content-Security-Policy");
        let script = directive(csp, "script-src").expect("script-src");
        assert_eq!(
            script, "'self'",
            "{path}: scripts only from the app's files"
        );
        assert!(!csp.contains("unsafe-eval"), "{path}: {csp}");
        assert_eq!(directive(csp, "object-src"), Some("'none'"));
        assert_eq!(directive(csp, "base-uri"), Some("'none'"));
        assert_eq!(directive(csp, "frame-ancestors"), Some("'none'"));
        assert_eq!(
            directive(csp, "require-trusted-types-for"),
            Some("'script'"),
            "{path}: injected markup must not reach script sinks"
        );
        assert_eq!(header(&h, "x-content-type-options"), "nosniff");
        assert_eq!(header(&h, "x-frame-options"), "DENY");

        // The policy forbids inline script: the page must not need any.
        let html = res.text().await.unwrap();
        for tag in html.split("<script").skip(1) {
            let open = tag.split('>').next().unwrap_or("");
            assert!(
                open.contains("src="),
                "{path}: inline script in index.html: <script{open}>"
            );
        }
    }
}

#[tokio::test]
async fn api_answers_are_not_sniffed_nor_framed() {
    let s = TestServer::start().await;
    let token = s.generic().await;
    for (path, tok) in [
        ("/api/health", None),
        ("/api/pri/cia", Some(token.as_str())),
        ("/api/pri/no-existe", Some(token.as_str())),
    ] {
        let a = s.get(path, tok).await;
        assert_eq!(
            header(&a.headers, "x-content-type-options"),
            "nosniff",
            "{path}"
        );
        let csp = header(&a.headers, "content-security-policy");
        assert_eq!(
            directive(csp, "default-src"),
            Some("'none'"),
            "{path}: {csp}"
        );
        assert_eq!(directive(csp, "frame-ancestors"), Some("'none'"), "{path}");
    }
}

#[tokio::test]
async fn api_json_is_compressed_for_clients_that_accept_it() {
    let s = TestServer::start().await;
    let plain = raw(&s, "/api/docs/openapi.json", None).await;
    assert_eq!(header(plain.headers(), "content-encoding"), "");
    let plain = plain.bytes().await.unwrap();
    assert!(
        plain.len() > 100_000,
        "the document is big enough to matter"
    );

    let br = raw(&s, "/api/docs/openapi.json", Some("gzip, deflate, br")).await;
    assert_eq!(header(br.headers(), "content-encoding"), "br");
    assert!(
        header(br.headers(), "vary")
            .to_ascii_lowercase()
            .contains("accept-encoding")
    );
    let packed = br.bytes().await.unwrap();
    assert!(
        packed.len() * 5 < plain.len(),
        "{} of {} bytes",
        packed.len(),
        plain.len()
    );
    let mut out = Vec::new();
    brotli_decompressor::Decompressor::new(&packed[..], 4096)
        .read_to_end(&mut out)
        .unwrap();
    assert_eq!(out, plain);

    let gz = raw(&s, "/api/docs/openapi.json", Some("gzip")).await;
    assert_eq!(header(gz.headers(), "content-encoding"), "gzip");
    let packed = gz.bytes().await.unwrap();
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(&packed[..])
        .read_to_end(&mut out)
        .unwrap();
    assert_eq!(out, plain);

    // Answers of a logged-in call too (the employees table).
    let token = s.login("admin@sierramadre.mx").await;
    let res = s
        .http
        .post(format!("{}/api/pri/catalogos/empleados", s.base))
        .bearer_auth(&token)
        .json(&serde_json::json!({"page": 1, "cantPP": 50}))
        .header("accept-encoding", "br")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(header(res.headers(), "content-encoding"), "br");
}

#[tokio::test]
async fn web_assets_are_served_precompressed() {
    let s = TestServer::start().await;
    let html = raw(&s, "/login", None).await.text().await.unwrap();
    let script = html
        .split("src=\"")
        .skip(1)
        .filter_map(|t| t.split('"').next())
        .find(|src| src.starts_with("/assets/") && src.ends_with(".js"))
        .expect("index.html loads the app's entry script")
        .to_string();

    let plain = raw(&s, &script, None).await;
    assert_eq!(header(plain.headers(), "content-encoding"), "");
    assert!(header(plain.headers(), "vary").contains("accept-encoding"));
    let plain = plain.bytes().await.unwrap();

    for (accept, encoding) in [
        ("gzip, deflate, br, zstd", "br"),
        ("gzip;q=1.0, br;q=0", "gzip"),
        ("identity", ""),
    ] {
        let res = raw(&s, &script, Some(accept)).await;
        assert_eq!(res.status(), StatusCode::OK);
        let h = res.headers().clone();
        assert_eq!(
            header(&h, "content-encoding"),
            encoding,
            "Accept-Encoding: {accept}"
        );
        assert!(header(&h, "vary").contains("accept-encoding"));
        assert!(header(&h, "cache-control").contains("immutable"));
        let etag = header(&h, "etag").to_string();
        let body = res.bytes().await.unwrap();
        let mut out = Vec::new();
        match encoding {
            "br" => {
                brotli_decompressor::Decompressor::new(&body[..], 4096)
                    .read_to_end(&mut out)
                    .unwrap();
                assert!(body.len() < plain.len());
            }
            "gzip" => {
                flate2::read::GzDecoder::new(&body[..])
                    .read_to_end(&mut out)
                    .unwrap();
            }
            _ => out = body.to_vec(),
        }
        assert_eq!(out, plain, "{encoding} decodes to the asset");

        // A revalidation with that ETag is answered 304 for the same encoding.
        let again = s
            .http
            .get(format!("{}{}", s.base, script))
            .header("accept-encoding", accept)
            .header("if-none-match", &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{accept}");
    }
}

#[tokio::test]
async fn a_streamed_csv_export_arrives_whole_to_a_browser_that_accepts_compression() {
    let s = TestServer::start().await;
    let token = s.login("admin@sierramadre.mx").await;
    let export = |encoding: Option<&'static str>| {
        let mut req = s
            .http
            .post(format!("{}/api/pri/catalogos/empleados", s.base))
            .bearer_auth(&token)
            .json(&serde_json::json!({"page": 1, "cantPP": 10, "excel": true, "formato": "csv"}));
        if let Some(e) = encoding {
            req = req.header("accept-encoding", e);
        }
        req.send()
    };
    let plain = export(None).await.unwrap().bytes().await.unwrap();
    let lines = plain
        .split(|b| *b == b'\n')
        .filter(|l| !l.is_empty())
        .count();
    assert!(lines > 50, "every employee, not a page: {lines} lines");
    let res = export(Some("gzip, deflate, br")).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let encoding = header(res.headers(), "content-encoding").to_string();
    let body = res.bytes().await.unwrap();
    let mut out = Vec::new();
    match encoding.as_str() {
        "br" => {
            brotli_decompressor::Decompressor::new(&body[..], 4096)
                .read_to_end(&mut out)
                .unwrap();
        }
        "gzip" => {
            flate2::read::GzDecoder::new(&body[..])
                .read_to_end(&mut out)
                .unwrap();
        }
        _ => out = body.to_vec(),
    }
    assert_eq!(
        out.len(),
        plain.len(),
        "the export arrives whole ({encoding})"
    );
}

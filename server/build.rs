//! Builds the web app into `web/dist` (and the SCORM player into `web/dist-player`) when
//! either is missing or older than their sources, so that `cargo run` embeds a current SPA
//! and player. Set AULA_SKIP_WEB_BUILD=1 to skip (the binary then serves whatever
//! `web/dist` and `web/dist-player` hold).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

fn newest(path: &Path) -> Option<SystemTime> {
    let meta = std::fs::metadata(path).ok()?;
    if meta.is_file() {
        return meta.modified().ok();
    }
    let mut best = None;
    for entry in std::fs::read_dir(path).ok()?.flatten() {
        if let Some(t) = newest(&entry.path()) {
            best = Some(best.map_or(t, |b: SystemTime| b.max(t)));
        }
    }
    best
}

fn main() {
    let manifest =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let web = manifest.join("../web");
    let dist = web.join("dist");
    let dist_player = web.join("dist-player");
    println!("cargo:rerun-if-env-changed=AULA_SKIP_WEB_BUILD");
    for p in [
        "src",
        "player",
        "public",
        "index.html",
        "package.json",
        "package-lock.json",
        "vite.config.ts",
        "vite.player.config.ts",
    ] {
        println!("cargo:rerun-if-changed={}", web.join(p).display());
    }
    for built in [&dist, &dist_player] {
        println!(
            "cargo:rerun-if-changed={}",
            built.join("index.html").display()
        );
    }
    let skip = std::env::var("AULA_SKIP_WEB_BUILD").is_ok_and(|v| !v.is_empty() && v != "0");
    let sources = [
        "src",
        "player",
        "public",
        "index.html",
        "package.json",
        "package-lock.json",
        "vite.config.ts",
        "vite.player.config.ts",
    ]
    .iter()
    .filter_map(|p| newest(&web.join(p)))
    .max();
    // The older of the two outputs; a missing one makes the build stale.
    let built = [&dist, &dist_player]
        .iter()
        .map(|d| {
            std::fs::metadata(d.join("index.html"))
                .and_then(|m| m.modified())
                .ok()
        })
        .collect::<Option<Vec<_>>>()
        .and_then(|times| times.into_iter().min());
    let stale = match (built, sources) {
        (None, _) => true,
        (Some(b), Some(s)) => s > b,
        (Some(_), None) => false,
    };
    if skip || !stale || !web.join("package.json").exists() {
        std::fs::create_dir_all(&dist).expect("create web/dist");
        std::fs::create_dir_all(&dist_player).expect("create web/dist-player");
        return;
    }
    let npm = if cfg!(windows) { "npm.cmd" } else { "npm" };
    if Command::new(npm).arg("--version").output().is_err() {
        panic!(
            "\n\nAula embeds its web app, which is built with npm, and npm was not found.\n\
             Install Node.js 20.19 or newer (with npm) and build again,\n\
             or set AULA_SKIP_WEB_BUILD=1 to build the server without rebuilding the web app.\n"
        );
    }
    if !web.join("node_modules").exists() {
        let ok = Command::new(npm)
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&web)
            .status();
        if !ok.is_ok_and(|s| s.success()) {
            panic!("\n\n`npm ci` failed in web/: see the output above.\n");
        }
    }
    let ok = Command::new(npm)
        .args(["run", "build"])
        .current_dir(&web)
        .status();
    if !ok.is_ok_and(|s| s.success()) {
        panic!("\n\n`npm run build` failed in web/: see the output above.\n");
    }
}

//! The dashboard's announcements (issue 16): welcome slides per profile with 'No volver a
//! mostrar.', the header's news slider, and their administration with images.

use crate::common;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

fn ids(a: &Answer, key: &str) -> Vec<i64> {
    a.body
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|s| s[key].as_i64())
        .collect()
}

fn slide_form(datos: &Value, image: bool) -> reqwest::multipart::Form {
    datos_form(datos, image)
}

#[tokio::test]
async fn each_profile_sees_its_welcome_slides_until_it_asks_not_to_see_them_again() {
    let s = TestServer::start().await;
    let p = s.login(PARTICIPANTE).await;
    let mine = s.get("/api/pri/lms/slides/Participante", Some(&p)).await;
    assert_eq!(mine.status, StatusCode::OK, "{:?}", mine.body);
    let slides = mine.body.as_array().unwrap().clone();
    assert!(slides.len() >= 2, "the demo has slides for participants");
    // Image slides answer a public address that serves the image; text slides their text.
    let img = slides
        .iter()
        .find(|s| s["tipo"] == "imagen")
        .expect("an image slide");
    let url = img["contenido_slide"].as_str().unwrap();
    assert!(url.starts_with("/api/pub/archivos/config/slides/"), "{url}");
    let served = s.get(url, None).await;
    assert_eq!(served.status, StatusCode::OK);
    assert!(served.bytes.starts_with(b"\x89PNG"));
    let txt = slides
        .iter()
        .find(|s| s["tipo"] == "texto")
        .expect("a text slide");
    assert!(
        txt["contenido_slide"]
            .as_str()
            .unwrap()
            .contains("encuesta")
    );
    // The number of the profile works too; someone else's profile does not.
    let by_number = s.get("/api/pri/lms/slides/8", Some(&p)).await;
    assert_eq!(ids(&by_number, "cve_slide"), ids(&mine, "cve_slide"));
    let other = s.get("/api/pri/lms/slides/Administrador", Some(&p)).await;
    assert_eq!(other.status, StatusCode::BAD_REQUEST);
    assert_eq!(other.code(), "slides.perfil_ajeno");
    // The Contratista sees the supplier's slide only.
    let c = s.login(CONTRATISTA).await;
    let theirs = s.get("/api/pri/lms/slides/Contratista", Some(&c)).await;
    let titles: Vec<&str> = theirs
        .body
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["titulo"].as_str())
        .collect();
    assert_eq!(titles, ["Carga las certificaciones de tu personal"]);

    // 'No volver a mostrar.': hidden for this person only; a slide of another profile is
    // ignored.
    let admin = s.login(ADMIN).await;
    let admin_slides = ids(
        &s.get("/api/pri/lms/slides/Administrador", Some(&admin))
            .await,
        "cve_slide",
    );
    let foreign = *admin_slides
        .iter()
        .find(|id| !ids(&mine, "cve_slide").contains(id))
        .expect("an admin-only slide");
    let first = slides[0]["cve_slide"].as_i64().unwrap();
    let hidden = s
        .post(
            "/api/pri/lms/slides/noMostrarSlides",
            Some(&p),
            json!({"perfil_sistema": "Participante", "slides": [{"cve_slide": first}, {"cve_slide": foreign}]}),
        )
        .await;
    assert_eq!(hidden.status, StatusCode::OK, "{:?}", hidden.body);
    assert_eq!(hidden.body["ocultados"], 1);
    let after = ids(
        &s.get("/api/pri/lms/slides/Participante", Some(&p)).await,
        "cve_slide",
    );
    assert!(!after.contains(&first));
    assert_eq!(after.len(), slides.len() - 1);
    assert_eq!(
        ids(
            &s.get("/api/pri/lms/slides/Administrador", Some(&admin))
                .await,
            "cve_slide"
        ),
        admin_slides,
        "the admin still sees theirs"
    );
    let bad = s
        .post(
            "/api/pri/lms/slides/noMostrarSlides",
            Some(&p),
            json!({"perfil_sistema": "Participante", "slides": []}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn administrators_manage_slides_with_images_and_profiles() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let p = s.login(PARTICIPANTE).await;
    let before = ids(
        &s.get("/api/pri/lms/slides/Participante", Some(&p)).await,
        "cve_slide",
    );

    // Every rule of the form, with nothing stored.
    let storage = s
        .data_dir()
        .parent()
        .expect("temp dir")
        .join("uploads/config/slides");
    let files = || std::fs::read_dir(&storage).map(|d| d.count()).unwrap_or(0);
    let stored = files();
    for (datos, image, field) in [
        (
            json!({"tipo": "imagen", "titulo": "", "perfiles": [8]}),
            true,
            "titulo",
        ),
        (
            json!({"tipo": "video", "titulo": "X", "perfiles": [8]}),
            false,
            "tipo",
        ),
        (
            json!({"tipo": "imagen", "titulo": "X", "perfiles": [8]}),
            false,
            "imagen",
        ),
        (
            json!({"tipo": "texto", "titulo": "X", "contenido": " ", "perfiles": [8]}),
            false,
            "contenido",
        ),
        (
            json!({"tipo": "texto", "titulo": "X", "contenido": "Hola", "perfiles": []}),
            false,
            "perfiles",
        ),
        (
            json!({"tipo": "texto", "titulo": "X", "contenido": "Hola", "perfiles": [99]}),
            false,
            "perfiles",
        ),
        (
            json!({"tipo": "texto", "titulo": "X".repeat(121), "contenido": "Hola", "perfiles": [8]}),
            false,
            "titulo",
        ),
    ] {
        let r = s
            .send_form(
                Method::POST,
                "/api/pri/configuracion/slides",
                Some(&a),
                slide_form(&datos, image),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{datos}: {:?}", r.body);
        assert!(r.body["fields"][field].is_string(), "{field}: {:?}", r.body);
    }
    assert_eq!(files(), stored, "no image kept from refused forms");
    // Not an image: 415.
    let fake = reqwest::multipart::Form::new()
        .text(
            "datos",
            json!({"tipo": "imagen", "titulo": "X", "perfiles": [8]}).to_string(),
        )
        .part("imagen", file_part("x.png", b"<html>no</html>"));
    let r = s
        .send_form(
            Method::POST,
            "/api/pri/configuracion/slides",
            Some(&a),
            fake,
        )
        .await;
    assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);

    // Created for participants: they see it, with its image.
    let made = s
        .send_form(
            Method::POST,
            "/api/pri/configuracion/slides",
            Some(&a),
            slide_form(&json!({"tipo": "imagen", "titulo": "Nuevo curso de ergonomía", "perfiles": [8, 3], "orden": 1}), true),
        )
        .await;
    assert_eq!(made.status, StatusCode::OK, "{:?}", made.body);
    let id = made.body["id"].as_i64().unwrap();
    assert_eq!(files(), stored + 1);
    let now = s.get("/api/pri/lms/slides/Participante", Some(&p)).await;
    assert!(ids(&now, "cve_slide").contains(&id));
    let list = s.get("/api/pri/configuracion/slides", Some(&a)).await;
    let row = list
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["cve_slide"] == id)
        .unwrap()
        .clone();
    assert_eq!(row["perfiles"], json!([3, 8]));
    let image = row["contenido_slide"].as_str().unwrap().to_string();

    // Edited into a text slide for supervisors only: the participant no longer sees it and
    // the image is gone from storage.
    let edited = s
        .send_form(
            Method::PUT,
            &format!("/api/pri/configuracion/slides/{id}"),
            Some(&a),
            slide_form(&json!({"tipo": "texto", "titulo": "Ergonomía", "contenido": "Nuevo curso en enero", "perfiles": [3]}), false),
        )
        .await;
    assert_eq!(edited.status, StatusCode::OK, "{:?}", edited.body);
    assert_eq!(files(), stored);
    assert_eq!(s.get(&image, None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        ids(
            &s.get("/api/pri/lms/slides/Participante", Some(&p)).await,
            "cve_slide"
        ),
        before
    );
    // Deactivated slides are not shown; deleting answers 404 the second time.
    let sup = s.login(SUPERVISOR).await;
    assert!(
        ids(
            &s.get("/api/pri/lms/slides/Supervisor", Some(&sup)).await,
            "cve_slide"
        )
        .contains(&id)
    );
    let off = s
        .send_form(
            Method::PUT,
            &format!("/api/pri/configuracion/slides/{id}"),
            Some(&a),
            slide_form(&json!({"tipo": "texto", "titulo": "Ergonomía", "contenido": "Nuevo curso en enero", "perfiles": [3], "activo": false}), false),
        )
        .await;
    assert_eq!(off.status, StatusCode::OK);
    assert!(
        !ids(
            &s.get("/api/pri/lms/slides/Supervisor", Some(&sup)).await,
            "cve_slide"
        )
        .contains(&id)
    );
    let del = s
        .call(
            Method::DELETE,
            &format!("/api/pri/configuracion/slides/{id}"),
            Some(&a),
            None,
        )
        .await;
    assert_eq!(del.status, StatusCode::OK);
    let again = s
        .call(
            Method::DELETE,
            &format!("/api/pri/configuracion/slides/{id}"),
            Some(&a),
            None,
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    // Without the section: 403.
    let r = s.get("/api/pri/configuracion/slides", Some(&p)).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_news_slider_shows_published_news_while_the_company_has_news_on() {
    let s = TestServer::start().await;
    let a = s.login(ADMIN).await;
    let p = s.login(PARTICIPANTE).await;
    let slider = s.get("/api/pri/configuracion/noticias", Some(&p)).await;
    assert_eq!(slider.status, StatusCode::OK, "{:?}", slider.body);
    let news = slider.body.as_array().unwrap().clone();
    assert_eq!(news.len(), 3, "the demo's three news");
    for n in &news {
        assert!(n["titulo"].as_str().is_some_and(|t| !t.is_empty()));
        assert!(
            n["imagen"]
                .as_str()
                .unwrap()
                .starts_with("/api/pub/archivos/config/noticias/")
        );
        assert!(n["descripcion_corta"].is_string());
    }
    // Every rule of the form.
    for (datos, image, field) in [
        (json!({"titulo": ""}), true, "titulo"),
        (json!({"titulo": "X"}), false, "imagen"),
        (
            json!({"titulo": "X", "enlace": "javascript:alert(1)"}),
            true,
            "enlace",
        ),
        (
            json!({"titulo": "X", "fecha_inicio": "2026-13-01"}),
            true,
            "fecha_inicio",
        ),
        (
            json!({"titulo": "X", "fecha_inicio": "2026-05-10", "fecha_fin": "2026-05-01"}),
            true,
            "fecha_fin",
        ),
        (
            json!({"titulo": "X", "descripcion_corta": "x".repeat(301)}),
            true,
            "descripcion_corta",
        ),
    ] {
        let r = s
            .send_form(
                Method::POST,
                "/api/pri/configuracion/noticias",
                Some(&a),
                datos_form(&datos, image),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{datos}: {:?}", r.body);
        assert!(r.body["fields"][field].is_string(), "{field}: {:?}", r.body);
    }
    // A news item that starts in the future waits; one that ended is gone; today's shows.
    let add = |datos: Value| {
        let s = &s;
        let a = a.clone();
        async move {
            let r = s
                .send_form(
                    Method::POST,
                    "/api/pri/configuracion/noticias",
                    Some(&a),
                    datos_form(&datos, true),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
            r.body["id"].as_i64().unwrap()
        }
    };
    let later = add(json!({"titulo": "Posada 2026", "fecha_inicio": "2099-12-01"})).await;
    let ended = add(
        json!({"titulo": "Evento pasado", "fecha_inicio": "2020-01-01", "fecha_fin": "2020-02-01"}),
    )
    .await;
    let today = add(json!({"titulo": "Nuevo comedor", "descripcion_corta": "Abre el lunes", "enlace": "https://example.com/comedor", "orden": 0})).await;
    let shown = ids(
        &s.get("/api/pri/configuracion/noticias", Some(&p)).await,
        "cve_noticia",
    );
    assert!(shown.contains(&today));
    assert!(!shown.contains(&later) && !shown.contains(&ended));
    let all = ids(
        &s.get("/api/pri/configuracion/noticias/todas", Some(&a))
            .await,
        "cve_noticia",
    );
    assert!(all.contains(&later) && all.contains(&ended) && all.contains(&today));
    // Editing without an image keeps it.
    let before = s
        .get("/api/pri/configuracion/noticias/todas", Some(&a))
        .await;
    let image_of = |l: &Answer, id: i64| {
        l.body
            .as_array()
            .unwrap()
            .iter()
            .find(|n| n["cve_noticia"] == id)
            .map(|n| n["imagen"].as_str().unwrap().to_string())
            .unwrap()
    };
    let img = image_of(&before, today);
    let r = s
        .send_form(
            Method::PUT,
            &format!("/api/pri/configuracion/noticias/{today}"),
            Some(&a),
            datos_form(&json!({"titulo": "Nuevo comedor en Planta Norte"}), false),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let after = s
        .get("/api/pri/configuracion/noticias/todas", Some(&a))
        .await;
    assert_eq!(image_of(&after, today), img);
    // A new image replaces the old one, which is removed.
    let r = s
        .send_form(
            Method::PUT,
            &format!("/api/pri/configuracion/noticias/{today}"),
            Some(&a),
            datos_form(&json!({"titulo": "Nuevo comedor en Planta Norte"}), true),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(s.get(&img, None).await.status, StatusCode::NOT_FOUND);

    // The company's news off: the slider is empty; without 'Ver Slider Noticias': 403.
    let off = s
        .call(
            Method::PUT,
            "/api/pri/cia",
            Some(&a),
            Some(json!({"noticias": "0"})),
        )
        .await;
    assert!(off.status.is_success(), "{:?}", off.body);
    let slider = s.get("/api/pri/configuracion/noticias", Some(&p)).await;
    assert_eq!(slider.body, json!([]));
    let c = s.login(CONTRATISTA).await;
    assert_eq!(
        s.get("/api/pri/configuracion/noticias", Some(&c))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    // Administering news needs its section.
    let r = s
        .send_form(
            Method::POST,
            "/api/pri/configuracion/noticias",
            Some(&p),
            datos_form(&json!({"titulo": "X"}), true),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let del = s
        .call(
            Method::DELETE,
            &format!("/api/pri/configuracion/noticias/{today}"),
            Some(&a),
            None,
        )
        .await;
    assert_eq!(del.status, StatusCode::OK);
}

//! The plan derivation (issue 11): every kind of target reaches exactly its people, an
//! employee reached several ways counts once, inactive topics and employees drop out, a move
//! changes the plan at once and keeps what was lost in the history, block edits follow, and the
//! materialised cache always equals the live derivation.
//!
//! Requirements are seeded with SQL plus `plans::requirement_changed` (plans_support), standing
//! in for package B's requirement API, which is built in parallel.

use crate::common;
use crate::plans_support;

use std::collections::BTreeSet;

use common::*;
use plans_support::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use aula::plans::Programa;

type Seat = (i64, [Option<i64>; 6], Option<i64>, Option<i64>);

/// An active demo employee placed down to N7, with a position and a plant.
async fn deep_employee(s: &TestServer) -> Seat {
    active_placements(s)
        .await
        .into_iter()
        .find(|p| p.1[5].is_some() && p.2.is_some() && p.3.is_some())
        .expect("a demo employee placed down to N7")
}

/// The employees of `people` that `keep` selects.
fn who(people: &[Seat], keep: impl Fn(&Seat) -> bool) -> BTreeSet<i64> {
    people.iter().filter(|p| keep(p)).map(|p| p.0).collect()
}

/// A valid employee form placed exactly like `seat`, with extra plants.
fn form_like(num: &str, i: usize, seat: &Seat, plantas: &[i64]) -> Value {
    let [n2, n3, n4, n5, n6, n7] = seat.1;
    let mut f = employee_form(
        num,
        &curp(i),
        (
            0,
            n2.unwrap_or_default(),
            n3.unwrap_or_default(),
            n4.unwrap_or_default(),
            seat.2.unwrap_or_default(),
        ),
        None,
    );
    f["n5"] = json!(n5);
    f["n6"] = json!(n6);
    f["n7"] = json!(n7);
    f["cve_planta"] = json!(seat.3);
    f["plantas"] = json!(plantas);
    f
}

async fn create_employee(s: &TestServer, t: &str, form: Value) -> i64 {
    let r = s
        .post("/api/pri/catalogos/empleados/crear", Some(t), form)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    r.body["cve_empleado"].as_i64().expect("cve_empleado")
}

#[tokio::test]
async fn every_kind_of_target_reaches_exactly_its_people_and_the_cache_agrees() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let admin = s.login(ADMIN).await;
    let deep = deep_employee(&s).await;
    let plant = deep.3.expect("plant");
    // Someone working at deep's plant only as an extra plant.
    let elsewhere = active_placements(&s)
        .await
        .into_iter()
        .find(|p| p.3.is_some() && p.3 != deep.3 && p.1[0].is_some() && p.2.is_some())
        .expect("an employee of another plant");
    let extra = create_employee(&s, &admin, form_like("PLN-EXTRA", 41, &elsewhere, &[plant])).await;
    let other_position = elsewhere.2.expect("position");
    assert_ne!(Some(other_position), deep.2);

    let mut cases: Vec<(i64, &str)> = Vec::new();
    let mut seeds = Vec::new();
    for k in 0..6 {
        let tema = topic(&s, &a, &format!("DER-N{}", k + 2), 12, "conocimiento", 1).await;
        let programa = if k % 2 == 0 {
            "institucional"
        } else {
            "especifica"
        };
        seeds.push((
            tema,
            programa,
            None,
            ("estructura", deep.1[k].expect("node")),
        ));
        cases.push((tema, "structure"));
    }
    let t_pos = topic(&s, &a, "DER-PUE", 12, "conocimiento", 1).await;
    seeds.push((
        t_pos,
        "formacion",
        None,
        ("puesto", deep.2.expect("position")),
    ));
    let t_plant = topic(&s, &a, "DER-PLA", 12, "conocimiento", 1).await;
    seeds.push((t_plant, "planta", None, ("planta", plant)));
    let t_ind = topic(&s, &a, "DER-IND", 12, "conocimiento", 1).await;
    seeds.push((t_ind, "empleado", None, ("empleado", deep.0)));
    let t_b1 = topic(&s, &a, "DER-B1", 12, "conocimiento", 1).await;
    let t_b2 = topic(&s, &a, "DER-B2", 12, "conocimiento", 1).await;
    let t_b3 = topic(&s, &a, "DER-B3", 12, "conocimiento", 1).await;
    let by_position = block_with(&s, &a, "Bloque por puesto", &[t_b1, t_b2]).await;
    let by_employee = block_with(&s, &a, "Bloque individual", &[t_b3]).await;
    for (tema, programa, bloque, destino) in seeds {
        seed_requirement(&s, programa, Some(tema), bloque, destino, true, None).await;
    }
    seed_requirement(
        &s,
        "bloque",
        None,
        Some(by_position),
        ("puesto", other_position),
        true,
        None,
    )
    .await;
    seed_requirement(
        &s,
        "bloque",
        None,
        Some(by_employee),
        ("empleado", deep.0),
        false,
        None,
    )
    .await;

    let people = active_placements(&s).await;
    for (k, (tema, _)) in cases.iter().enumerate() {
        let tema = *tema;
        assert_eq!(
            cached_holders(&s, tema).await,
            who(&people, |p| p.1[k] == deep.1[k]),
            "N{}",
            k + 2
        );
    }
    let n7 = who(&people, |p| p.1[5] == deep.1[5]);
    assert!(n7.contains(&deep.0) && n7.len() < people.len());
    assert_eq!(
        cached_holders(&s, t_pos).await,
        who(&people, |p| p.2 == deep.2)
    );
    let mut at_plant = who(&people, |p| p.3 == deep.3);
    assert!(!at_plant.contains(&extra));
    at_plant.insert(extra);
    assert_eq!(
        cached_holders(&s, t_plant).await,
        at_plant,
        "main and extra plant"
    );
    assert_eq!(cached_holders(&s, t_ind).await, BTreeSet::from([deep.0]));
    let at_other = who(&people, |p| p.2 == Some(other_position));
    assert_eq!(cached_holders(&s, t_b1).await, at_other);
    assert_eq!(cached_holders(&s, t_b2).await, at_other);
    assert_eq!(cached_holders(&s, t_b3).await, BTreeSet::from([deep.0]));

    // The live plan of the deep employee holds every one of these topics but the other position's block.
    let plan = live_plan(&s, deep.0).await;
    for (tema, _) in &cases {
        assert!(plan.contains_key(tema));
    }
    for tema in [t_pos, t_plant, t_ind, t_b3] {
        assert!(plan.contains_key(&tema), "{tema}");
    }
    assert!(!plan.contains_key(&t_b1) && !plan.contains_key(&t_b2));
    assert_eq!(plan[&t_b3].programas, vec![Programa::Bloque]);
    assert!(!plan[&t_b3].obligatoria);
    assert_eq!(plan[&t_b3].bloques, vec![by_employee]);
    assert_cache_agrees(&s).await;
}

#[tokio::test]
async fn a_topic_reached_three_ways_counts_once_with_the_strongest_terms() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let deep = deep_employee(&s).await;
    let tema = topic(&s, &a, "TRI-1", 12, "conocimiento", 1).await;
    let r1 = seed_requirement(
        &s,
        "institucional",
        Some(tema),
        None,
        ("estructura", deep.1[0].unwrap()),
        false,
        Some(90),
    )
    .await;
    let r2 = seed_requirement(
        &s,
        "formacion",
        Some(tema),
        None,
        ("puesto", deep.2.unwrap()),
        true,
        Some(30),
    )
    .await;
    let r3 = seed_requirement(
        &s,
        "empleado",
        Some(tema),
        None,
        ("empleado", deep.0),
        false,
        None,
    )
    .await;
    let plan = live_plan(&s, deep.0).await;
    let e = &plan[&tema];
    assert!(e.obligatoria);
    assert_eq!(e.dias_limite, Some(30));
    assert_eq!(e.requerimientos, vec![r1, r2, r3]);
    assert_eq!(
        e.programas,
        vec![
            Programa::Institucional,
            Programa::Formacion,
            Programa::Empleado
        ]
    );
    let rows: Vec<(i64, Option<i64>)> = sqlx::query_as(
        "SELECT obligatoria, dias_limite FROM plan_empleados_temas WHERE cve_empleado = ? AND cve_tema = ?",
    )
    .bind(deep.0)
    .bind(tema)
    .fetch_all(&s.state().db.read)
    .await
    .unwrap();
    assert_eq!(rows, vec![(1, Some(30))]);
    // Someone of the same N2 but another position gets only the optional structure terms.
    let peer = active_placements(&s)
        .await
        .into_iter()
        .find(|p| p.1[0] == deep.1[0] && p.2 != deep.2 && p.0 != deep.0)
        .expect("a peer in the same N2");
    let plan = live_plan(&s, peer.0).await;
    assert!(!plan[&tema].obligatoria);
    assert_eq!(plan[&tema].dias_limite, Some(90));
    assert_cache_agrees(&s).await;
}

#[tokio::test]
async fn inactive_topics_and_employees_out_of_service_have_no_plan_and_come_back() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let admin = s.login(ADMIN).await;
    let deep = deep_employee(&s).await;
    let off = topic(&s, &a, "OFF-1", 12, "conocimiento", 0).await;
    let on = topic(&s, &a, "ON-1", 12, "conocimiento", 1).await;
    seed_requirement(
        &s,
        "formacion",
        Some(off),
        None,
        ("puesto", deep.2.unwrap()),
        true,
        None,
    )
    .await;
    let r_on = seed_requirement(
        &s,
        "formacion",
        Some(on),
        None,
        ("puesto", deep.2.unwrap()),
        true,
        None,
    )
    .await;
    let r_ind = seed_requirement(
        &s,
        "empleado",
        Some(on),
        None,
        ("empleado", deep.0),
        true,
        None,
    )
    .await;
    assert!(cached_holders(&s, off).await.is_empty());
    assert!(!live_plan(&s, deep.0).await.contains_key(&off));
    assert!(cached_holders(&s, on).await.contains(&deep.0));

    let baja = format!("/api/pri/catalogos/empleados/{}/baja", deep.0);
    let r = s.post(&baja, Some(&admin), json!({"baja_logica": 1})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert!(live_plan(&s, deep.0).await.is_empty());
    assert!(!cached_holders(&s, on).await.contains(&deep.0));
    let lost: Vec<(i64, String)> = sqlx::query_as(
        "SELECT id_requerimiento, motivo FROM plan_historial_empleados WHERE cve_empleado = ? ORDER BY id_requerimiento",
    )
    .bind(deep.0)
    .fetch_all(&s.state().db.read)
    .await
    .unwrap();
    assert!(
        lost.contains(&(r_on, "baja".to_string())) && lost.contains(&(r_ind, "baja".to_string())),
        "{lost:?}"
    );
    assert_cache_agrees(&s).await;

    let r = s.post(&baja, Some(&admin), json!({"baja_logica": 0})).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(cached_holders(&s, on).await.contains(&deep.0));
    assert_eq!(
        live_plan(&s, deep.0).await[&on].requerimientos,
        vec![r_on, r_ind]
    );
    assert_cache_agrees(&s).await;
}

#[tokio::test]
async fn a_move_changes_the_plan_at_once_and_keeps_the_lost_requirements_in_the_history() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let admin = s.login(ADMIN).await;
    let deep = deep_employee(&s).await;
    let far = active_placements(&s)
        .await
        .into_iter()
        .find(|p| {
            p.2.is_some()
                && p.2 != deep.2
                && p.3.is_some()
                && p.3 != deep.3
                && p.1[5] != deep.1[5]
                && p.1[0].is_some()
        })
        .expect("an employee placed elsewhere");
    let ta = topic(&s, &a, "MOV-PUE", 12, "conocimiento", 1).await;
    let tb = topic(&s, &a, "MOV-N7", 12, "conocimiento", 1).await;
    let tc = topic(&s, &a, "MOV-PLA", 12, "conocimiento", 1).await;
    let td = topic(&s, &a, "MOV-NEW", 12, "conocimiento", 1).await;
    let ra = seed_requirement(
        &s,
        "formacion",
        Some(ta),
        None,
        ("puesto", deep.2.unwrap()),
        true,
        None,
    )
    .await;
    let rb = seed_requirement(
        &s,
        "especifica",
        Some(tb),
        None,
        ("estructura", deep.1[5].unwrap()),
        true,
        None,
    )
    .await;
    let rc = seed_requirement(
        &s,
        "planta",
        Some(tc),
        None,
        ("planta", deep.3.unwrap()),
        true,
        None,
    )
    .await;
    seed_requirement(
        &s,
        "formacion",
        Some(td),
        None,
        ("puesto", far.2.unwrap()),
        true,
        None,
    )
    .await;

    let cve = create_employee(&s, &admin, form_like("PLN-MOVE", 42, &deep, &[])).await;
    let plan = live_plan(&s, cve).await;
    assert!(plan.contains_key(&ta) && plan.contains_key(&tb) && plan.contains_key(&tc));
    assert!(!plan.contains_key(&td));
    assert_cache_agrees(&s).await;

    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/catalogos/empleados/{cve}"),
            Some(&admin),
            Some(form_like("PLN-MOVE", 42, &far, &[])),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let plan = live_plan(&s, cve).await;
    assert!(plan.contains_key(&td), "the new position's topic, at once");
    for gone in [ta, tb, tc] {
        assert!(!plan.contains_key(&gone));
        assert!(!cached_holders(&s, gone).await.contains(&cve));
    }
    assert!(cached_holders(&s, td).await.contains(&cve));
    let lost: Vec<(i64, String)> = sqlx::query_as(
        "SELECT id_requerimiento, motivo FROM plan_historial_empleados WHERE cve_empleado = ? ORDER BY id_requerimiento",
    )
    .bind(cve)
    .fetch_all(&s.state().db.read)
    .await
    .unwrap();
    for r in [ra, rb, rc] {
        assert!(
            lost.contains(&(r, "cambio_adscripcion".to_string())),
            "{r}: {lost:?}"
        );
    }
    // The plan history shows them, with the topic's state today.
    let h = s
        .get(
            &format!("/api/pri/plan_capacitacion/consultar_plan_capacitacion/historial/{cve}"),
            Some(&a),
        )
        .await;
    assert_eq!(h.status, StatusCode::OK, "{:?}", h.body);
    let former = h.body["requerimientos_anteriores"]
        .as_array()
        .expect("list");
    for (r, abbr) in [(ra, "MOV-PUE"), (rb, "MOV-N7"), (rc, "MOV-PLA")] {
        let row = former
            .iter()
            .find(|x| x["id_requerimiento"] == r)
            .expect("former requirement");
        assert_eq!(row["motivo"], "cambio_adscripcion");
        assert_eq!(row["abreviatura"], abbr);
        assert_eq!(row["estado"], "Pendiente");
    }
    assert_eq!(h.body["acreditaciones"], json!([]));
    assert_cache_agrees(&s).await;
}

#[tokio::test]
async fn when_a_blocks_topics_change_the_plans_of_its_people_follow() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let deep = deep_employee(&s).await;
    let t1 = topic(&s, &a, "BLK-1", 12, "conocimiento", 1).await;
    let t2 = topic(&s, &a, "BLK-2", 12, "conocimiento", 1).await;
    let empty = block_with(&s, &a, "Bloque vacío", &[]).await;
    seed_requirement(
        &s,
        "bloque",
        None,
        Some(empty),
        ("empleado", deep.0),
        true,
        None,
    )
    .await;
    let block = block_with(&s, &a, "Bloque cambiante", &[t1]).await;
    seed_requirement(
        &s,
        "bloque",
        None,
        Some(block),
        ("puesto", deep.2.unwrap()),
        true,
        None,
    )
    .await;
    let people = active_placements(&s).await;
    let at_position = who(&people, |p| p.2 == deep.2);
    assert_eq!(cached_holders(&s, t1).await, at_position);
    assert!(cached_holders(&s, t2).await.is_empty());

    set_block_topics(&s, &a, block, &[t1, t2]).await;
    assert_eq!(cached_holders(&s, t2).await, at_position);
    set_block_topics(&s, &a, block, &[t2]).await;
    assert!(cached_holders(&s, t1).await.is_empty());
    assert!(!live_plan(&s, deep.0).await.contains_key(&t1));
    // The empty block reaches its employee once it has a topic.
    set_block_topics(&s, &a, empty, &[t1]).await;
    assert_eq!(cached_holders(&s, t1).await, BTreeSet::from([deep.0]));
    assert_cache_agrees(&s).await;
}

#[tokio::test]
async fn disabling_a_requirement_records_who_it_reached_and_a_full_rebuild_changes_nothing() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let deep = deep_employee(&s).await;
    let tema = topic(&s, &a, "DIS-1", 12, "conocimiento", 1).await;
    let keep = topic(&s, &a, "DIS-2", 12, "conocimiento", 1).await;
    let id = seed_requirement(
        &s,
        "formacion",
        Some(tema),
        None,
        ("puesto", deep.2.unwrap()),
        true,
        None,
    )
    .await;
    seed_requirement(
        &s,
        "institucional",
        Some(keep),
        None,
        ("estructura", deep.1[1].unwrap()),
        true,
        None,
    )
    .await;
    let people = active_placements(&s).await;
    let reached = who(&people, |p| p.2 == deep.2);
    let mut conn = s.state().db.read.acquire().await.unwrap();
    let d = aula::plans::Destino {
        tipo: aula::plans::DestinoTipo::Puesto,
        id: deep.2.unwrap(),
    };
    assert_eq!(
        aula::plans::population(&mut conn, &d).await.unwrap(),
        reached.len() as i64
    );
    let n2 = aula::plans::Destino {
        tipo: aula::plans::DestinoTipo::Estructura,
        id: deep.1[0].unwrap(),
    };
    let both = aula::plans::distinct_population(&mut conn, &[d, n2, d])
        .await
        .unwrap();
    assert_eq!(
        both,
        who(&people, |p| p.2 == deep.2 || p.1[0] == deep.1[0]).len() as i64
    );
    drop(conn);

    let (ev, n) = disable_requirement(&s, id).await;
    assert_eq!(n, reached.len() as i64);
    let recorded: BTreeSet<i64> = sqlx::query_scalar::<_, i64>(
        "SELECT cve_empleado FROM plan_historial_empleados WHERE id_evento = ? AND motivo = 'deshabilitado'",
    )
    .bind(ev)
    .fetch_all(&s.state().db.read)
    .await
    .unwrap()
    .into_iter()
    .collect();
    assert_eq!(recorded, reached);
    assert!(cached_holders(&s, tema).await.is_empty());
    assert_cache_agrees(&s).await;

    let before: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT cve_empleado, cve_tema, obligatoria FROM plan_empleados_temas ORDER BY 1, 2",
    )
    .fetch_all(&s.state().db.read)
    .await
    .unwrap();
    let mut tx = s.state().db.begin().await.unwrap();
    let rows = aula::plans::rebuild_all(&mut tx).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(rows as usize, before.len());
    let after: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT cve_empleado, cve_tema, obligatoria FROM plan_empleados_temas ORDER BY 1, 2",
    )
    .fetch_all(&s.state().db.read)
    .await
    .unwrap();
    assert_eq!(before, after);
    assert!(after.iter().any(|r| r.1 == keep));
    assert_cache_agrees(&s).await;
}

/// Edits topic `cve` with `activo` set, through the topic screen's PUT.
async fn set_topic_active(s: &TestServer, token: &str, cve: i64, activo: i64) {
    let detail = s
        .get(
            &format!("/api/pri/catalogos/temas/ver_tema/{cve}"),
            Some(token),
        )
        .await;
    assert_eq!(detail.status, StatusCode::OK, "{:?}", detail.body);
    let abbr = detail.body["abreviatura"]
        .as_str()
        .expect("abreviatura")
        .to_string();
    let datos = json!({"abreviatura": abbr, "nombre_tema": format!("Tema {abbr}"), "cve_area": 6000,
        "tipo": "Taller", "modalidad": "PRESENCIAL", "dias_duracion": 1, "horas_sesion": 4,
        "meses_certificacion": 12, "min_participantes": 1, "max_participantes": 15,
        "modelo_evaluacion": "conocimiento", "precio": 0, "activo": activo});
    let r = s
        .send_form(
            Method::PUT,
            &format!("/api/pri/catalogos/temas/{cve}"),
            Some(token),
            datos_form(&datos, false),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn switching_a_topic_off_and_on_takes_it_out_of_every_plan_and_back() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let deep = deep_employee(&s).await;
    let direct = topic(&s, &a, "SW-1", 12, "conocimiento", 1).await;
    let in_block = topic(&s, &a, "SW-2", 12, "conocimiento", 1).await;
    seed_requirement(
        &s,
        "formacion",
        Some(direct),
        None,
        ("puesto", deep.2.unwrap()),
        true,
        None,
    )
    .await;
    let bloque = block_with(&s, &a, "Bloque SW", &[in_block]).await;
    seed_requirement(
        &s,
        "bloque",
        None,
        Some(bloque),
        ("empleado", deep.0),
        true,
        None,
    )
    .await;
    let holders = cached_holders(&s, direct).await;
    assert!(holders.contains(&deep.0));
    assert!(cached_holders(&s, in_block).await.contains(&deep.0));

    set_topic_active(&s, &a, direct, 0).await;
    set_topic_active(&s, &a, in_block, 0).await;
    assert!(cached_holders(&s, direct).await.is_empty());
    assert!(cached_holders(&s, in_block).await.is_empty());
    assert!(!live_plan(&s, deep.0).await.contains_key(&direct));
    assert_cache_agrees(&s).await;

    set_topic_active(&s, &a, direct, 1).await;
    set_topic_active(&s, &a, in_block, 1).await;
    assert_eq!(cached_holders(&s, direct).await, holders);
    assert!(cached_holders(&s, in_block).await.contains(&deep.0));
    assert_cache_agrees(&s).await;
}

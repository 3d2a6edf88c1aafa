//! The demo's employees: one per demo login first, then everyone else with a reporting
//! line, each through the employees form rules and save, with a login through auth's
//! account functions; favourites and absences through the employees domain.

use std::collections::{HashMap, HashSet};

use rand::Rng;
use rand::rngs::StdRng;
use sqlx::SqliteConnection;

use super::company::{Company, Seat};
use super::people::{CURP_ESTADOS, Person, curp_for, person, rfc_for, split_name};
use super::{DEMO_LOGINS, DOMAIN};
use crate::auth::db as auth;
use crate::employees::EmployeeForm;
use crate::employees::db as emp;
use crate::error::{AppError, AppResult};
use crate::validate::fold;

/// The profile of every other internal employee (Participante) and of a contractor's.
const PARTICIPANTE: i64 = 8;
const CONTRATISTA: i64 = 4;

/// What the demo made: the logins by profile, employees per company (N4), and who
/// reports to the demo supervisor.
pub struct Staff {
    pub logins: HashMap<i64, i64>,
    pub workers: HashMap<i64, i64>,
    /// The demo supervisor's direct reports, by key.
    pub team: Vec<i64>,
    pub total: usize,
}

/// One employee to create.
struct NewEmployee<'a> {
    num: &'a str,
    p: &'a Person,
    correo: &'a str,
    curp: &'a str,
    rfc: &'a str,
    telefono: String,
    estado: i64,
    seat: Seat,
    supervisor: Option<i64>,
    ingreso: &'a str,
    tipo: &'a str,
    poblacion: i64,
}

/// Creates an employee through the form's rules and the employees domain's save, and
/// queues its login (the demo password) with its profile for [`auth::create_accounts`]. The catalogue keys are the org rows the
/// demo has just created through org's own functions, and numbers, CURPs and e-mails are
/// unique by construction (the database's unique indexes still guard them).
async fn create(
    conn: &mut SqliteConnection,
    e: NewEmployee<'_>,
    perfil: i64,
    accounts: &mut Vec<(i64, i64)>,
    today: chrono::NaiveDate,
    now: &str,
) -> AppResult<i64> {
    let mut f = EmployeeForm {
        num_empleado: e.num.to_string(),
        nombre_empleado: format!("{} {} {}", e.p.nombre, e.p.paterno, e.p.materno),
        curp: e.curp.to_string(),
        rfc_empleado: Some(e.rfc.to_string()),
        correo_empleado: Some(e.correo.to_string()),
        telefono: Some(e.telefono),
        genero: Some(e.p.genero.to_string()),
        fecha_nacimiento: Some(e.p.nacimiento.format("%Y-%m-%d").to_string()),
        cve_puesto: Some(e.seat.puesto),
        n2: e.seat.n[0],
        n3: e.seat.n[1],
        n4: e.seat.n[2],
        n5: e.seat.n[3],
        n6: e.seat.n[4],
        n7: e.seat.n[5],
        cve_planta: Some(e.seat.planta),
        plantas: Vec::new(),
        cve_pais: Some(1),
        cve_estado: Some(e.estado),
        cve_tipo_poblacion: Some(e.poblacion),
        cve_supervisor: e.supervisor,
        fecha_ingreso: Some(e.ingreso.to_string()),
        fecha_inicio_puesto: Some(e.ingreso.to_string()),
        tipo_empleado: Some(e.tipo.to_string()),
        id_tarjeta: Some(format!(
            "T{}",
            e.num.trim_start_matches(|c: char| !c.is_ascii_digit())
        )),
        ocupacion: Some(e.seat.ocupacion.to_string()),
        activo: 1,
    };
    f.normalize();
    f.check(today).into_result()?;
    let cve = crate::employees::edit::save(conn, None, &f, now, false).await?;
    accounts.push((cve, perfil));
    Ok(cve)
}

/// Creates the employees: the demo logins first (so their keys are small and stable),
/// then up to `employees` in all.
pub async fn create_all(
    conn: &mut SqliteConnection,
    rng: &mut StdRng,
    c: &Company,
    employees: usize,
    hash: &str,
    today: chrono::NaiveDate,
    now: &str,
) -> AppResult<Staff> {
    let mut used_emails = HashSet::new();
    let mut used_curps = HashSet::new();
    let mut workers: HashMap<i64, i64> = HashMap::new();
    let mut counter = 1000usize;
    let mut next_num = |prefix: &str| {
        counter += 1;
        format!("{prefix}{counter:06}")
    };

    let mut accounts: Vec<(i64, i64)> = Vec::with_capacity(employees);
    let mut logins = HashMap::new();
    for (perfil, email, full, puesto_name, genero) in DEMO_LOGINS {
        let (nombre, paterno, materno) = split_name(full);
        let mut p = person(rng, Some(if *genero == "H" { "H" } else { "M" }));
        p.nombre = nombre;
        p.paterno = paterno;
        p.materno = materno;
        let contractor = email.ends_with("mmnorte.mx");
        let seat = if contractor {
            c.contractor_seat(c.mmn, puesto_name)
        } else {
            c.seat(puesto_name)
        }
        .ok_or_else(|| AppError::internal(format!("demo position missing: {puesto_name}")))?;
        let estado_code = CURP_ESTADOS[rng.random_range(0..CURP_ESTADOS.len())];
        let curp = curp_for(
            &p.nombre,
            &p.paterno,
            &p.materno,
            p.nacimiento,
            p.genero,
            estado_code,
            rng,
        );
        let rfc = rfc_for(&curp, rng);
        used_curps.insert(curp.clone());
        used_emails.insert(email.to_string());
        let num = next_num(if contractor { "C" } else { "E" });
        let ingreso = (today - chrono::Duration::days(rng.random_range(400..3000)))
            .format("%Y-%m-%d")
            .to_string();
        let telefono = format!("81{:08}", rng.random_range(10_000_000..99_999_999));
        let cve = create(
            conn,
            NewEmployee {
                num: &num,
                p: &p,
                correo: email,
                curp: &curp,
                rfc: &rfc,
                telefono,
                estado: 19,
                seat,
                supervisor: None,
                ingreso: &ingreso,
                tipo: if contractor { "Externo" } else { "Interno" },
                poblacion: if contractor { 5 } else { 2 },
            },
            *perfil,
            &mut accounts,
            today,
            now,
        )
        .await?;
        if let Some(n4) = seat.n[2] {
            *workers.entry(n4).or_default() += 1;
        }
        logins.insert(*perfil, cve);
    }
    let admin = logins.get(&1).copied().unwrap_or_default();
    let supervisor = logins.get(&3).copied().unwrap_or_default();
    let rep = logins.get(&6).copied().unwrap_or_default();

    // Everyone else, with a reporting line: director general → directors → heads → staff.
    let total = employees.max(DEMO_LOGINS.len() + 20);
    let general_seats: Vec<Seat> = c.seats.iter().skip(1).map(|(_, s)| *s).collect();
    let mut bosses: Vec<i64> = vec![admin];
    let mut inserted = DEMO_LOGINS.len();
    let mut staff = 0usize;
    let mut team = Vec::new();
    while inserted < total {
        let mut p = person(rng, None);
        let contractor = inserted.is_multiple_of(25);
        let seat = if contractor {
            let company = if inserted.is_multiple_of(50) {
                c.sir
            } else {
                c.mmn
            };
            let names = [
                "Técnico de Mantenimiento Contratista",
                "Ayudante de Montaje",
                "Guardia de Seguridad",
            ];
            c.contractor_seat(company, names[inserted % 3])
                .unwrap_or(general_seats[0])
        } else {
            general_seats[inserted % general_seats.len()]
        };
        let estado_code = CURP_ESTADOS[rng.random_range(0..CURP_ESTADOS.len())];
        let mut curp = curp_for(
            &p.nombre,
            &p.paterno,
            &p.materno,
            p.nacimiento,
            p.genero,
            estado_code,
            rng,
        );
        while used_curps.contains(&curp) {
            p.nacimiento += chrono::Duration::days(1);
            curp = curp_for(
                &p.nombre,
                &p.paterno,
                &p.materno,
                p.nacimiento,
                p.genero,
                estado_code,
                rng,
            );
        }
        used_curps.insert(curp.clone());
        let rfc = rfc_for(&curp, rng);
        let first = fold(p.nombre.split_whitespace().next().unwrap_or("x"));
        let last = fold(&p.paterno).replace(' ', "");
        let domain = if contractor { "mmnorte.mx" } else { DOMAIN };
        let mut email = format!("{first}.{last}@{domain}");
        let mut n = 1;
        while used_emails.contains(&email) {
            n += 1;
            email = format!("{first}.{last}{n}@{domain}");
        }
        used_emails.insert(email.clone());
        // The demo supervisor leads a team of operators; the rep leads the contractors.
        let boss = if contractor {
            Some(rep)
        } else if staff.is_multiple_of(12) || inserted.is_multiple_of(19) {
            Some(supervisor)
        } else {
            Some(bosses[rng.random_range(0..bosses.len())])
        };
        let days_ago = if inserted.is_multiple_of(23) {
            rng.random_range(1..28)
        } else {
            rng.random_range(60..5000)
        };
        let ingreso = (today - chrono::Duration::days(days_ago))
            .format("%Y-%m-%d")
            .to_string();
        let num = next_num(if contractor { "C" } else { "E" });
        let telefono = format!(
            "{}{:08}",
            ["81", "84", "44", "55"][inserted % 4],
            rng.random_range(10_000_000..99_999_999)
        );
        let cve = create(
            conn,
            NewEmployee {
                num: &num,
                p: &p,
                correo: &email,
                curp: &curp,
                rfc: &rfc,
                telefono,
                estado: [19, 5, 22, 9][inserted % 4],
                seat,
                supervisor: boss,
                ingreso: &ingreso,
                tipo: if contractor { "Externo" } else { "Interno" },
                poblacion: if contractor {
                    5
                } else {
                    [1, 1, 1, 2, 3][inserted % 5]
                },
            },
            if contractor {
                CONTRATISTA
            } else {
                PARTICIPANTE
            },
            &mut accounts,
            today,
            now,
        )
        .await?;
        if let Some(n4) = seat.n[2] {
            *workers.entry(n4).or_default() += 1;
        }
        if boss == Some(supervisor) {
            team.push(cve);
        }
        if !contractor && bosses.len() < 40 && inserted.is_multiple_of(7) {
            bosses.push(cve);
        }
        if !contractor {
            staff += 1;
        }
        inserted += 1;
    }
    // Reporting lines of the logins: the participant under the supervisor, the
    // contractor under the company representative, the others under the administrator.
    for (perfil, boss) in [
        (8i64, supervisor),
        (3, admin),
        (2, admin),
        (5, admin),
        (7, admin),
        (4, rep),
    ] {
        if let Some(cve) = logins.get(&perfil) {
            emp::employee::set_supervisor(&mut *conn, *cve, Some(boss)).await?;
            if boss == supervisor {
                team.push(*cve);
            }
        }
    }
    team.sort_unstable();
    auth::create_accounts(conn, &accounts, Some(hash), false, now).await?;
    // Multi-profile users, to show the profile switcher.
    for (perfil, extra) in [(1i64, 2i64), (3, 8), (5, 8)] {
        if let Some(cve) = logins.get(&perfil) {
            auth::add_profile(conn, *cve, extra, false).await?;
        }
    }
    Ok(Staff {
        logins,
        workers,
        team,
        total,
    })
}

/// The administrator's favourites: the first five of the supervisor's team, and two
/// absences of the participant.
pub async fn create_extras(
    conn: &mut SqliteConnection,
    logins: &HashMap<i64, i64>,
    team_of_supervisor: &[i64],
    now: &str,
) -> AppResult<()> {
    let admin = logins.get(&1).copied().unwrap_or_default();
    for fav in team_of_supervisor.iter().take(5) {
        emp::favourites::add(&mut *conn, admin, *fav, now).await?;
    }
    if let Some(p) = logins.get(&8) {
        for (inicio, fin, motivo) in [
            ("2026-03-02", "2026-03-06", "Vacaciones"),
            (
                "2026-08-17",
                "2026-08-18",
                "Incapacidad por enfermedad general (IMSS)",
            ),
        ] {
            emp::absences::insert_unless_overlapping(
                conn,
                &emp::absences::NewAbsence {
                    cve_empleado: *p,
                    inicio,
                    fin,
                    motivo,
                    creado_por: admin,
                    now,
                },
            )
            .await?;
        }
    }
    Ok(())
}

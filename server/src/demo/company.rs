//! The demo company's organisation: structure N2–N7, plants, positions and the DC-3
//! employer data, created through org's own validating functions.

use std::collections::HashMap;

use sqlx::SqliteConnection;

use crate::error::AppResult;
use crate::org;

/// The structure: N5 direcciones → N6 gerencias → N7 departamentos, with their positions.
/// A gerencia: name, its departments (N7) and its positions (the first is the head's).
type Gerencia = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

const DIRECCIONES: &[(&str, &[Gerencia])] = &[
    (
        "Dirección de Operaciones",
        &[
            (
                "Gerencia de Producción",
                &["Ensamble", "Estampado", "Pintura"],
                &[
                    "Gerente de Producción",
                    "Supervisor de Producción",
                    "Operador de Línea de Ensamble",
                    "Operador de Prensa",
                    "Pintor Industrial",
                    "Líder de Celda",
                    "Montacarguista",
                ],
            ),
            (
                "Gerencia de Mantenimiento",
                &["Mantenimiento Mecánico", "Mantenimiento Eléctrico"],
                &[
                    "Gerente de Mantenimiento",
                    "Técnico Mecánico",
                    "Técnico Electricista",
                    "Planeador de Mantenimiento",
                    "Técnico de Mantenimiento Contratista",
                ],
            ),
            (
                "Gerencia de Calidad",
                &["Aseguramiento de Calidad", "Metrología"],
                &[
                    "Gerente de Calidad",
                    "Ingeniero de Calidad",
                    "Inspector de Calidad",
                    "Metrólogo",
                ],
            ),
            (
                "Gerencia de Seguridad e Higiene",
                &["Seguridad Industrial", "Medio Ambiente"],
                &[
                    "Coordinador de Seguridad e Higiene",
                    "Técnico en Seguridad",
                    "Especialista Ambiental",
                    "Instructora de Seguridad Industrial",
                    "Brigadista",
                ],
            ),
        ],
    ),
    (
        "Dirección de Administración y Finanzas",
        &[
            (
                "Gerencia de Contraloría",
                &["Contabilidad", "Tesorería"],
                &[
                    "Contralor",
                    "Contador General",
                    "Auxiliar Contable",
                    "Analista de Tesorería",
                ],
            ),
            (
                "Gerencia de Compras",
                &["Compras Nacionales", "Almacén"],
                &[
                    "Gerente de Compras",
                    "Comprador",
                    "Almacenista",
                    "Jefe de Almacén",
                ],
            ),
        ],
    ),
    (
        "Dirección de Capital Humano",
        &[(
            "Gerencia de Capital Humano",
            &["Capacitación y Desarrollo", "Nómina", "Reclutamiento"],
            &[
                "Gerente de Capital Humano",
                "Analista de Capacitación",
                "Coordinador de Capacitación",
                "Analista de Nómina",
                "Reclutador",
                "Médico de Planta",
                "Enfermera de Planta",
            ],
        )],
    ),
    (
        "Dirección Comercial",
        &[
            (
                "Gerencia de Ventas",
                &["Ventas Norte", "Ventas Centro"],
                &[
                    "Gerente de Ventas",
                    "Ejecutivo de Ventas",
                    "Representante de Ventas",
                    "Coordinador de Ventas",
                ],
            ),
            (
                "Gerencia de Logística",
                &["Embarques", "Tráfico"],
                &[
                    "Gerente de Logística",
                    "Coordinador de Embarques",
                    "Chofer Repartidor",
                    "Analista de Tráfico",
                    "Ayudante General",
                ],
            ),
        ],
    ),
];

/// Plants: (name, state key, city, latitude, longitude).
const PLANTAS: &[(&str, i64, &str, f64, f64)] = &[
    ("Planta Monterrey", 19, "Monterrey", 25.6866, -100.3161),
    ("Planta Saltillo", 5, "Saltillo", 25.4232, -101.0053),
    ("Planta Querétaro", 22, "Querétaro", 20.5888, -100.3899),
    (
        "Corporativo Ciudad de México",
        9,
        "Ciudad de México",
        19.4326,
        -99.1332,
    ),
];

/// Where an employee sits.
#[derive(Clone, Copy)]
pub struct Seat {
    pub puesto: i64,
    pub n: [Option<i64>; 6],
    pub planta: i64,
    /// The occupation (national catalogue sub-area) the DC-3 prints for the position.
    pub ocupacion: &'static str,
}

/// The national occupation catalogue's sub-area of a demo position, by its name.
pub fn occupation_of(puesto: &str) -> &'static str {
    let has = |w: &str| puesto.contains(w);
    if has("Montacarg") || has("Logística") || has("Tráfico") || has("Almacén") {
        "06.5"
    } else if has("Electricista") {
        "04.2"
    } else if has("Mantenimiento") || has("Mecánico") || has("Montaje") {
        "04.1"
    } else if has("Calidad") {
        "04.6"
    } else if has("Seguridad") {
        "09.4"
    } else if has("Operador") || has("Producción") || has("Prensa") || has("Ensamble") {
        "05.2"
    } else if has("Ventas") || has("Comercial") {
        "07.1"
    } else if has("Sistemas") || has("Tecnología") {
        "04.4"
    } else {
        "08.2"
    }
}

/// What the rest of the demo needs of the organisation.
pub struct Company {
    /// Grupo Industrial Sierra Madre, the employer of the demo logins.
    pub gism: i64,
    /// Montajes y Mantenimiento del Norte (contractor).
    pub mmn: i64,
    /// Seguridad Integral Regiomontana (contractor).
    pub sir: i64,
    /// The companies (N4) as (key, name), in creation order.
    pub companies: Vec<(i64, &'static str)>,
    /// The plants as (key, state, name, city), in creation order.
    pub plantas: Vec<(i64, i64, &'static str, &'static str)>,
    /// Positions of the group by name, the director general's first.
    pub seats: Vec<(String, Seat)>,
    /// Positions of the contractors as (company, name, seat).
    pub contractor_seats: Vec<(i64, String, Seat)>,
}

impl Company {
    /// The seat of a position of the group.
    pub fn seat(&self, name: &str) -> Option<Seat> {
        self.seats.iter().find(|(n, _)| n == name).map(|(_, s)| *s)
    }

    /// The seat of a position of a contractor company.
    pub fn contractor_seat(&self, company: i64, name: &str) -> Option<Seat> {
        self.contractor_seats
            .iter()
            .find(|(c, n, _)| *c == company && n == name)
            .map(|(_, _, s)| *s)
    }
}

async fn puesto(conn: &mut SqliteConnection, nombre: &str, estructura: i64) -> AppResult<i64> {
    org::create_position(conn, nombre, estructura, None, 1).await
}

/// Creates the structure, the plants and the positions.
pub async fn create(conn: &mut SqliteConnection) -> AppResult<Company> {
    // N2 segment → N3 client type → N4 company → N5 dirección → N6 gerencia → N7 departamento.
    let industrial = org::create_node(conn, 2, "Industrial", None).await?;
    let servicios = org::create_node(conn, 2, "Servicios", None).await?;
    let corporativo = org::create_node(conn, 3, "Corporativo", Some(industrial)).await?;
    let contratistas = org::create_node(conn, 3, "Contratistas", Some(industrial)).await?;
    let clientes = org::create_node(conn, 3, "Clientes", Some(servicios)).await?;
    let mut companies = Vec::new();
    for (nombre, padre) in [
        ("Grupo Industrial Sierra Madre", corporativo),
        ("Montajes y Mantenimiento del Norte", contratistas),
        ("Seguridad Integral Regiomontana", contratistas),
        ("Distribuidora Comercial del Bajío", clientes),
    ] {
        companies.push((
            org::create_node(conn, 4, nombre, Some(padre)).await?,
            nombre,
        ));
    }
    let (gism, mmn, sir, dcb) = (
        companies[0].0,
        companies[1].0,
        companies[2].0,
        companies[3].0,
    );

    let mut plantas = Vec::new();
    for (nombre, estado, ciudad, lat, lon) in PLANTAS {
        let id = org::create_plant(
            conn,
            &org::PlantForm {
                nombre: (*nombre).to_string(),
                cve_n4: gism,
                cve_estado: *estado,
                ciudad: Some((*ciudad).to_string()),
                latitud: Some(*lat),
                longitud: Some(*lon),
            },
        )
        .await?;
        plantas.push((id, *estado, *nombre, *ciudad));
    }

    // Positions live in the department (N7) or, for heads, the gerencia (N6).
    let mut seats: Vec<(String, Seat)> = Vec::new();
    let director_general = puesto(conn, "Director General", gism).await?;
    seats.push((
        "Director General".into(),
        Seat {
            puesto: director_general,
            n: [
                Some(industrial),
                Some(corporativo),
                Some(gism),
                None,
                None,
                None,
            ],
            planta: plantas[3].0,
            ocupacion: occupation_of("Director General"),
        },
    ));
    for (d_i, (direccion, gerencias)) in DIRECCIONES.iter().enumerate() {
        let n5 = org::create_node(conn, 5, direccion, Some(gism)).await?;
        let dir_puesto = puesto(conn, &direccion.replace("Dirección", "Director"), n5).await?;
        seats.push((
            direccion.replace("Dirección", "Director"),
            Seat {
                puesto: dir_puesto,
                n: [
                    Some(industrial),
                    Some(corporativo),
                    Some(gism),
                    Some(n5),
                    None,
                    None,
                ],
                planta: plantas[d_i % 4].0,
                ocupacion: "08.2",
            },
        ));
        for (g_i, (gerencia, deptos, puestos)) in gerencias.iter().enumerate() {
            let n6 = org::create_node(conn, 6, gerencia, Some(n5)).await?;
            let mut n7s = Vec::new();
            for d in deptos.iter() {
                n7s.push(org::create_node(conn, 7, d, Some(n6)).await?);
            }
            for (p_i, p) in puestos.iter().enumerate() {
                let (home, n7) = if p_i == 0 {
                    (n6, None)
                } else {
                    let n7 = n7s[p_i % n7s.len()];
                    (n7, Some(n7))
                };
                let id = puesto(conn, p, home).await?;
                let planta = plantas[(d_i + g_i + p_i) % 3].0;
                seats.push((
                    p.to_string(),
                    Seat {
                        puesto: id,
                        n: [
                            Some(industrial),
                            Some(corporativo),
                            Some(gism),
                            Some(n5),
                            Some(n6),
                            n7,
                        ],
                        planta,
                        ocupacion: occupation_of(p),
                    },
                ));
            }
        }
    }
    // Contractor companies have their own small structure.
    let mut contractor_seats = Vec::new();
    for (company, planta_i) in [(mmn, 0usize), (sir, 1usize)] {
        let n5 = org::create_node(conn, 5, "Operación en sitio", Some(company)).await?;
        let n6 = org::create_node(conn, 6, "Cuadrilla", Some(n5)).await?;
        let n7 = org::create_node(conn, 7, "Servicios en planta", Some(n6)).await?;
        for p in [
            "Representante de Contratista",
            "Técnico de Mantenimiento Contratista",
            "Ayudante de Montaje",
            "Guardia de Seguridad",
        ] {
            let id = puesto(conn, p, n7).await?;
            contractor_seats.push((
                company,
                p.to_string(),
                Seat {
                    puesto: id,
                    n: [
                        Some(industrial),
                        Some(contratistas),
                        Some(company),
                        Some(n5),
                        Some(n6),
                        Some(n7),
                    ],
                    planta: plantas[planta_i].0,
                    ocupacion: occupation_of(p),
                },
            ));
        }
    }
    let dcb5 = org::create_node(conn, 5, "Sucursal Bajío", Some(dcb)).await?;
    puesto(conn, "Vendedor de Mostrador", dcb5).await?;
    Ok(Company {
        gism,
        mmn,
        sir,
        companies,
        plantas,
        seats,
        contractor_seats,
    })
}

/// Employer data and size of each company (`workers`: employees per N4), the DC-3
/// representatives and one establishment per plant.
pub async fn create_employer_data(
    conn: &mut SqliteConnection,
    c: &Company,
    workers: &HashMap<i64, i64>,
) -> AppResult<()> {
    let rfcs = [
        "GIS980312KT4",
        "MMN050607QX2",
        "DCB110923HJ8",
        "SMA150101AB3",
        "SCN170707LM5",
    ];
    for (i, (id, nombre)) in c.companies.iter().enumerate() {
        org::save_company_data(
            conn,
            *id,
            &org::EmpresaBody {
                razon_social: Some(format!("{nombre} S.A. de C.V.")),
                rfc: Some(rfcs[i % rfcs.len()].to_string()),
                registro_patronal: Some(format!("Y54{:08}", 12_345_670 + i as i64)),
                num_trabajadores: workers.get(id).copied().unwrap_or(0),
            },
        )
        .await?;
    }
    let representatives = [
        (
            c.companies[0].0,
            "patron",
            "Ing. Roberto Garza Villarreal",
            "Director General y representante legal",
        ),
        (
            c.companies[0].0,
            "trabajadores",
            "Juan Carlos Treviño Salinas",
            "Secretario de la Comisión Mixta de Capacitación",
        ),
        (
            c.companies[1].0,
            "patron",
            "Lic. Mónica Salinas Ochoa",
            "Representante legal",
        ),
    ];
    for (cve_n4, tipo, nombre, puesto) in representatives {
        org::add_representative(
            conn,
            &org::NuevoRepresentante {
                cve_n4,
                tipo: tipo.to_string(),
                nombre: nombre.to_string(),
                puesto: Some(puesto.to_string()),
            },
        )
        .await?;
    }
    for (id, estado, nombre, ciudad) in &c.plantas {
        org::save_establishment(
            conn,
            None,
            &org::Establecimiento {
                cve_n4: c.gism,
                nombre: nombre.to_string(),
                registro_patronal: Some(format!("Y54{:08}", 22_000_000 + id)),
                domicilio: Some(format!("Parque Industrial {ciudad}, {ciudad}")),
                cve_estado: Some(*estado),
                activo: 1,
            },
        )
        .await?;
    }
    Ok(())
}

//! The demo's people: Mexican names, and CURP and RFC in the official formats (the CURP
//! with its check digit), generated from a seeded random source so every load is the same.

use rand::Rng;
use rand::rngs::StdRng;
use unicode_normalization::UnicodeNormalization;

const NOMBRES_H: &[&str] = &[
    "José",
    "Juan",
    "Luis",
    "Carlos",
    "Miguel",
    "Jesús",
    "Alejandro",
    "Francisco",
    "Jorge",
    "Ricardo",
    "Eduardo",
    "Fernando",
    "Roberto",
    "Daniel",
    "Arturo",
    "Sergio",
    "Héctor",
    "Raúl",
    "Manuel",
    "Javier",
    "Óscar",
    "Andrés",
    "Diego",
    "Emilio",
    "Rodrigo",
    "Iván",
    "Ramón",
    "Guillermo",
    "Alberto",
    "Rubén",
    "Hugo",
    "Martín",
    "Gerardo",
    "Adrián",
    "Ernesto",
    "Salvador",
    "Víctor",
    "Mauricio",
    "Pablo",
    "Tomás",
];
const NOMBRES_M: &[&str] = &[
    "María",
    "Guadalupe",
    "Verónica",
    "Ana",
    "Laura",
    "Patricia",
    "Adriana",
    "Gabriela",
    "Alejandra",
    "Claudia",
    "Mónica",
    "Rosa",
    "Leticia",
    "Sandra",
    "Elizabeth",
    "Silvia",
    "Karla",
    "Daniela",
    "Fernanda",
    "Mariana",
    "Sofía",
    "Valeria",
    "Ximena",
    "Paola",
    "Diana",
    "Lucía",
    "Andrea",
    "Carmen",
    "Teresa",
    "Brenda",
    "Itzel",
    "Jazmín",
    "Norma",
    "Araceli",
    "Liliana",
    "Cristina",
    "Beatriz",
    "Estela",
    "Nayeli",
    "Regina",
];
const APELLIDOS: &[&str] = &[
    "Hernández",
    "García",
    "Martínez",
    "López",
    "González",
    "Rodríguez",
    "Pérez",
    "Sánchez",
    "Ramírez",
    "Cruz",
    "Flores",
    "Gómez",
    "Morales",
    "Vázquez",
    "Reyes",
    "Jiménez",
    "Torres",
    "Díaz",
    "Gutiérrez",
    "Ruiz",
    "Mendoza",
    "Aguilar",
    "Ortiz",
    "Moreno",
    "Castillo",
    "Romero",
    "Álvarez",
    "Méndez",
    "Chávez",
    "Rivera",
    "Juárez",
    "Ramos",
    "Domínguez",
    "Herrera",
    "Medina",
    "Castro",
    "Vargas",
    "Guzmán",
    "Velázquez",
    "Salazar",
    "Garza",
    "Treviño",
    "Cantú",
    "Villarreal",
    "Leal",
    "Lozano",
    "Elizondo",
    "Saldaña",
    "Montemayor",
    "Zambrano",
];

/// State codes a generated CURP may carry.
pub const CURP_ESTADOS: &[&str] = &["NL", "CL", "QT", "DF", "JC", "TS", "GT", "SP", "MC", "VZ"];

/// A generated person.
pub struct Person {
    pub nombre: String,
    pub paterno: String,
    pub materno: String,
    pub genero: &'static str,
    pub nacimiento: chrono::NaiveDate,
}

fn plain(s: &str) -> String {
    s.nfd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .collect::<String>()
        .to_uppercase()
        .replace('Ñ', "X")
}

fn first_internal(s: &str, vowel: bool) -> char {
    s.chars()
        .skip(1)
        .find(|c| {
            let v = "AEIOU".contains(*c);
            c.is_ascii_alphabetic() && v == vowel
        })
        .unwrap_or('X')
}

/// Builds a CURP in the official format, with its check digit.
pub fn curp_for(
    nombre: &str,
    paterno: &str,
    materno: &str,
    nac: chrono::NaiveDate,
    genero: &str,
    estado: &str,
    rng: &mut StdRng,
) -> String {
    let (n, p, m) = (plain(nombre), plain(paterno), plain(materno));
    let mut s = String::new();
    s.push(p.chars().next().unwrap_or('X'));
    s.push(first_internal(&p, true));
    s.push(m.chars().next().unwrap_or('X'));
    s.push(n.chars().next().unwrap_or('X'));
    s.push_str(&nac.format("%y%m%d").to_string());
    s.push_str(genero);
    s.push_str(estado);
    s.push(first_internal(&p, false));
    s.push(first_internal(&m, false));
    s.push(first_internal(&n, false));
    use chrono::Datelike;
    let homoclave = if nac.year() < 2000 {
        char::from(b'0' + rng.random_range(0..10u8))
    } else {
        char::from(b'A' + rng.random_range(0..26u8))
    };
    s.push(homoclave);
    const DICT: &str = "0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ";
    let sum: usize = s
        .chars()
        .enumerate()
        .map(|(i, c)| DICT.chars().position(|d| d == c).unwrap_or(0) * (18 - i))
        .sum();
    let digit = (10 - sum % 10) % 10;
    s.push(char::from(b'0' + digit as u8));
    s
}

/// An RFC in the official format from a CURP.
pub fn rfc_for(curp: &str, rng: &mut StdRng) -> String {
    const ALNUM: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ0123456789";
    let mut s: String = curp.chars().take(10).collect();
    s.push(char::from(ALNUM[rng.random_range(0..ALNUM.len())]));
    s.push(char::from(ALNUM[rng.random_range(0..ALNUM.len())]));
    s.push(char::from(b'0' + rng.random_range(0..10u8)));
    s
}

/// A random person (of `genero` when given).
pub fn person(rng: &mut StdRng, genero: Option<&'static str>) -> Person {
    let genero = genero.unwrap_or(if rng.random_bool(0.55) { "H" } else { "M" });
    let nombres = if genero == "H" { NOMBRES_H } else { NOMBRES_M };
    let nombre = if rng.random_bool(0.3) {
        format!(
            "{} {}",
            nombres[rng.random_range(0..nombres.len())],
            nombres[rng.random_range(0..nombres.len())]
        )
    } else {
        nombres[rng.random_range(0..nombres.len())].to_string()
    };
    let year = rng.random_range(1968..2004);
    let nac =
        chrono::NaiveDate::from_ymd_opt(year, rng.random_range(1..=12), rng.random_range(1..=28))
            .unwrap_or_default();
    Person {
        nombre,
        paterno: APELLIDOS[rng.random_range(0..APELLIDOS.len())].to_string(),
        materno: APELLIDOS[rng.random_range(0..APELLIDOS.len())].to_string(),
        genero,
        nacimiento: nac,
    }
}

/// A full name as (names, first surname, second surname).
pub fn split_name(full: &str) -> (String, String, String) {
    let parts: Vec<&str> = full.split_whitespace().collect();
    let n = parts.len();
    if n >= 3 {
        (
            parts[..n - 2].join(" "),
            parts[n - 2].to_string(),
            parts[n - 1].to_string(),
        )
    } else {
        (full.to_string(), "X".into(), "X".into())
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn generated_curps_have_a_valid_format_and_check_digit() {
        let mut rng = StdRng::seed_from_u64(1);
        let nac = chrono::NaiveDate::from_ymd_opt(1985, 3, 12).unwrap();
        let curp = curp_for("Laura", "Méndez", "Garza", nac, "M", "NL", &mut rng);
        assert!(crate::validate::is_curp(&curp), "{curp}");
        assert!(curp.starts_with("MEGL850312MNL"));
        let rfc = rfc_for(&curp, &mut rng);
        assert!(crate::validate::is_rfc(&rfc), "{rfc}");
    }
}

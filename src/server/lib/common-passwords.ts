// The staff password rules beyond length (issue 19): a password must not be one of the most
// common ones (a few hundred from the public breach lists, Spanish and Costa Rican ones added),
// nor be or contain the person's login or name, nor be one character repeated. Compared without
// case, accents or spaces, so "Contraseña123" is "contrasena123".
import { PASSWORD_CONTAINS_NAME, PASSWORD_TOO_COMMON } from "../../shared/api/admin/staff";
import { AppError } from "../errors";

/** Normalised: lower case, no accents, no spaces. */
const COMMON = [
  // The breach lists' top entries (10+ characters, or shorter ones people pad with digits).
  "123456789", "1234567890", "12345678910", "123456789a", "123456789q", "1234567890a", "0123456789",
  "9876543210", "987654321", "1122334455", "1111111111", "0000000000", "1234512345", "1212121212",
  "1231231234", "123123123", "123321123321", "1234554321", "1q2w3e4r5t", "1q2w3e4r5t6y", "q1w2e3r4t5",
  "qwertyuiop", "qwertyuiop123", "qwerty123456", "qwerty12345", "qwerty1234", "asdfghjkl", "asdfghjkl123",
  "zxcvbnm123", "zxcvbnmasd", "qazwsxedc", "qazwsxedcrfv", "1qaz2wsx3edc", "1qazxsw2", "zaq12wsxcde3",
  "abc123456", "abc1234567", "abcd123456", "abcdefghij", "abcdefgh123", "abcde12345", "a123456789",
  "a1b2c3d4e5", "aa12345678", "password", "password1", "password12", "password123", "password1234",
  "passw0rd123", "p@ssw0rd", "p@ssw0rd123", "p@ssword123", "passwordpassword", "iloveyou123",
  "iloveyou12", "princess123", "sunshine123", "football123", "baseball123", "superman123", "batman1234",
  "pokemon123", "starwars123", "whatever123", "trustno1234", "letmein123", "welcome123", "welcome1234",
  "monkey1234", "dragon1234", "master1234", "shadow1234", "michael123", "jennifer123", "jordan2323",
  "charlie123", "computer123", "internet123", "samsung123", "iphone1234", "google1234", "facebook123",
  "instagram123", "whatsapp123", "hotmail123", "gmail12345", "microsoft123", "windows123", "linux12345",
  "admin12345", "admin123456", "administrator", "administrador", "administrador1", "administrador123",
  "admin1234567", "adminadmin", "adminadmin123", "root123456", "rootroot123", "test123456", "testtest123",
  "usuario123", "usuario1234", "usuario12345", "user123456", "guest12345", "changeme123", "default123",
  "secret1234", "secreto123", "secreto1234", "qwerty123", "1qaz2wsx", "11223344556", "112233445566",
  "147258369", "1472583690", "159753456", "1597534862", "741852963", "789456123", "7894561230",
  "159357456", "3216549870", "2580258025", "5555555555", "6666666666", "7777777777", "8888888888",
  "9999999999", "2222222222", "3333333333", "4444444444", "1234qwer", "1234qwerasdf", "1234abcd",
  "12345abcde", "123456abc", "123456qwe", "123456qwerty", "123qweasd", "123qweasdzxc", "qwe123qwe",
  "qweasdzxc123", "asd123456", "zxc123456", "aaaaaa1111", "abcabc123", "asdasd123", "qweqwe123",
  "loveyou123", "lovely1234", "babygirl123", "angel12345", "freedom123", "hello12345", "hellohello",
  "helloworld", "helloworld123", "mustang123", "liverpool123", "chelsea123", "arsenal123", "barcelona",
  "barcelona123", "realmadrid", "realmadrid123", "manchester", "manchesterunited", "juventus123",
  "ronaldo123", "cristiano7", "cristiano123", "messi12345", "neymar1234", "pelota123",
  // Spanish.
  "contrasena", "contrasena1", "contrasena12", "contrasena123", "contrasena1234", "micontrasena",
  "nuevacontrasena", "contrasenasegura", "clave12345", "clave123456", "miclave123", "claveclave",
  "clavesegura", "clave1234567", "tequiero123", "teamo12345", "teamomucho", "teamo123456", "amorcito123",
  "miamor1234", "mi amor 123", "corazon123", "corazon1234", "princesa123", "princesa1234", "mariposa123",
  "estrella123", "tesoro1234", "cariño1234", "chiquita123", "bonita1234", "hermosa123", "preciosa123",
  "familia123", "familia1234", "mifamilia", "mifamilia123", "mihijo1234", "mihija1234", "mishijos123",
  "mama123456", "papa123456", "mamapapa123", "abuela1234", "hermano123", "hermana123",
  "dios123456", "diosesamor", "diosteama", "diosmeama", "jesus12345", "jesucristo", "jesucristo1",
  "cristo1234", "bendiciones", "bendecida1", "gracias123", "esperanza1", "esperanza123", "libertad123",
  "amistad123", "felicidad1", "felicidad123", "victoria123", "soledad123", "alegria123",
  "maria12345", "mariajose1", "josemaria1", "juancarlos", "juancarlos1", "juanpablo1", "alejandro1",
  "alejandro123", "alejandra1", "alejandra123", "fernando123", "francisco1", "francisco123",
  "gabriela123", "daniela123", "valentina1", "valentina123", "sebastian1", "sebastian123", "santiago123",
  "natalia123", "carolina123", "antonio123", "roberto123", "ricardo123", "eduardo123", "carlos1234",
  "andrea1234", "andres1234", "diego12345", "sofia12345", "camila1234", "isabella123", "mateo12345",
  "futbol1234", "futbol12345", "elfutbol1", "pelota1234", "guitarra123", "musica1234", "computadora",
  "computadora1", "internet1234", "telefono123", "celular123", "escuela123", "colegio123",
  "universidad", "trabajo123", "trabajo1234", "oficina123", "oficina1234", "bodega1234", "empresa123",
  "negocio123", "tienda1234", "paquete123", "paquetes123", "envios1234", "courier123", "importar123",
  "importacion", "aduana1234", "casillero1", "casillero123", "miami12345", "miami2024", "miami2025",
  "chocolate1", "chocolate123", "manzana123", "naranja123", "perrito123", "gatito1234", "michito123",
  "bienvenido", "bienvenido1", "bienvenido123", "bienvenida1", "hola123456", "holahola123", "holamundo",
  "holamundo123", "adios12345", "secreta123", "qwertyñ123", "asdfgñlk", "nosequeponer", "noseque123",
  "nomeacuerdo", "olvide1234", "ninguna123", "cualquiera", "cualquiera1", "loquesea123",
  "enero12345", "febrero123", "marzo12345", "abril12345", "mayo123456", "junio12345", "julio12345",
  "agosto1234", "septiembre", "octubre123", "noviembre1", "diciembre1", "diciembre123",
  "lunes12345", "domingo123", "verano1234", "invierno123", "navidad123", "navidad2024", "navidad2025",
  // Costa Rica.
  "costarica", "costarica1", "costarica123", "costarica2024", "costarica2025", "costarica2026",
  "puravida", "puravida1", "puravida12", "puravida123", "puravida1234", "puravidamae", "tico123456",
  "tica123456", "ticos12345", "saprissa", "saprissa1", "saprissa123", "saprissa1935", "monstruo123",
  "morado1234", "liga123456", "alajuelense", "alajuelense1", "alajuelense123", "manudos123", "herediano",
  "herediano1", "herediano123", "cartagines", "cartagines1", "sanjose1234", "alajuela123", "heredia123",
  "cartago123", "puntarenas", "puntarenas1", "guanacaste", "guanacaste1", "limon12345", "grecia1234",
  "grecia12345", "sarchi1234", "pavas12345", "desamparados", "escazu1234", "santaana123", "colones123",
  "expressimport", "expressimport1", "expressimport123", "express123", "express1234", "import1234",
  // Years and dates people type.
  "2020202020", "2021202120", "2022202220", "2023202320", "2024202420", "2025202520",
  "12345678a", "12345678ab", "123456789ab", "123456789abc", "password2024", "password2025",
  "contrasena2024", "contrasena2025", "contrasena2026", "clave2024", "clave2025", "clave2026",
  "verano2025", "invierno2025", "enero2025", "enero2026", "noviembre2026", "diciembre2025",
];

const COMMON_SET = new Set(COMMON.map(normalize));

/** Lower case, accents and ñ's tilde removed, spaces and separators dropped. */
function normalize(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\s._-]+/g, "");
}

/**
 * True when a new password is too easy to guess: a common one (also with trailing digits or one
 * trailing symbol removed), one character repeated, or it is or contains the login (its part
 * before the @) or the person's name or a word of it of 4 letters or more.
 */
export function isTooCommonPassword(password: string, person: { login?: string | null; name?: string | null } = {}): boolean {
  return passwordRefusal(password, person) !== null;
}

/**
 * Why a password is refused, or null: "personal" when it is or contains the person's login or
 * name (the staff are told so, issue 32), "common" otherwise (list, one repeated character).
 */
export function passwordRefusal(
  password: string,
  person: { login?: string | null; name?: string | null } = {},
): "common" | "personal" | null {
  const p = normalize(password);
  if (p.length === 0 || new Set(p).size === 1) return "common";
  const stripped = p.replace(/[^a-z]+$/u, "");
  const personal: string[] = [];
  if (person.login) {
    personal.push(normalize(person.login), normalize(person.login.split("@")[0]));
  }
  if (person.name) {
    personal.push(normalize(person.name));
    personal.push(...person.name.split(/\s+/).map(normalize).filter((word) => word.length >= 4));
  }
  if (personal.some((part) => part.length >= 3 && p.includes(part))) return "personal";
  if (COMMON_SET.has(p) || (stripped.length >= 6 && COMMON_SET.has(stripped))) return "common";
  return null;
}

/** How many passwords the list holds (the decision record cites it; tests check it is a few hundred). */
export const COMMON_PASSWORD_COUNT = COMMON_SET.size;

/**
 * Throws the Spanish 400 for a password passwordRefusal refuses: PASSWORD_CONTAINS_NAME when it
 * holds the person's login or name, PASSWORD_TOO_COMMON otherwise.
 */
export function assertUncommonPassword(password: string, person: { login?: string | null; name?: string | null }): void {
  const refusal = passwordRefusal(password, person);
  if (refusal === "personal") throw new AppError("VALIDATION", 400, PASSWORD_CONTAINS_NAME);
  if (refusal === "common") throw new AppError("VALIDATION", 400, PASSWORD_TOO_COMMON);
}

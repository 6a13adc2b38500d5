/**
 * Given names that are seldom surnames, to tell a list printed surname first without commas
 * ("Cobbe Karl, Kosaraju Vineet, …", a BibTeX author field shown with its commas dropped) from
 * one printed given name first. Names that are as often surnames (Thomas, James, Lee, Chen, Wei,
 * Jun, …) are left out on purpose: they say nothing about the order. Lower case. Pure data.
 */
export const GIVEN_NAMES: ReadonlySet<string> = new Set(
  (
    "aaron abigail adam adrian aidan aisha alan albert alberto alejandro aleksandr alessandro alex alexander alexandra alexandre alexei alexey " +
    "alice alicia alison amanda amber amelia amir amit amy ana anastasia anders andrea andreas andrei andrew andrey andy angela angelica anika anita " +
    "anna anne annie anton antonio anya arjun arthur ashish ashley ayesha barbara barbara benjamin bernhard bertrand bethany bianca boris brandon " +
    "brenda brian brianna bruno caitlin cameron camille carla carlos carmen caroline carolyn cassandra catherine cecilia charlotte chiara chloe " +
    "christian christina christine christoph christopher claire clara claudia colin connor constantin cristina cynthia dakota daniel daniela " +
    "danielle daphne dario david deborah deepak denis dennis diana diego dimitri dimitris dmitry dominik dorothy dylan edgar eduardo elena eleni " +
    "elias elisa elizabeth ella emily emma emmanuel enrico eric erik esther ethan eugene eva evan fabian fabio fatima federico felix fernando " +
    "filip florian francesca francesco francisco franziska frederik gabriel gabriela gabriele giorgio giovanni giulia giuseppe gregory greta " +
    "guillaume gustavo hannah hans hao heewoo heinrich helena helene hugo ian igor ilya irene isabel isabella isabelle ivan jacob jakob jan " +
    "jane janet jasmine jason javier jean jennifer jeremy jerry jessica joanna joao joel johann johannes john jonas jonathan jordi jorge jose " +
    "joseph joshua juan julia julian juliana julie julien justin kai kaitlyn karen karim karin karl karthik kasper katarina katherine kathryn " +
    "katrin kevin kiran klaus konstantin kristina kumar laura lauren laurent lea leah lena leonardo leonid linda lisa lorenzo louis lucas lucia " +
    "ludwig luis luisa lukas lukasz luke madeline manuel marc marcel marco marcus margaret maria mariana marie marina mario marius mark markus " +
    "martina mary mateo matteo matthew matthias maxim maximilian megan melanie melissa michael michaela michal michelle miguel mikhail milan " +
    "miriam mohamed mohammad mohammed monica monika natalia natalie nathan nathaniel nicholas nicola nicolas nikita nikolai nikolaos nina noah " +
    "noam nora oleg olga oliver olivia omar oscar pablo pamela paolo pascal patricia patrick paula pavel pedro peter philipp philippe pierre " +
    "pietro pooja priya rachel rafael rahul rajesh ramon raphael rebecca reiichiro renata ricardo riccardo richard rita robert roberto roman " +
    "ruben rui sabrina sahil samantha samuel sandra sara sarah sebastian sergei sergey sergio shreya silvia simon simone sofia sonia sophia " +
    "sophie stefan stefano stephanie stephen steven susan sven sylvia tatiana teresa tim timothy tobias tomas tommaso ulrich valentina " +
    "valentin valerie vanessa veronica victor victoria vikram vincent vineet vivek vladimir walter wojciech wolfgang xavier yana yannick " +
    "yasmin yoshua yuri yusuf zachary zoe"
  ).split(" "),
);

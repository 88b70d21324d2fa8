// The `.cat` memory-model language (herd7's cat, in the dialect the Dat3M models use), written from the
// language description in docs/semantics.md section 4.4. The parser only recognises the syntax;
// name resolution, function expansion, kind checking and desugaring happen in cat/.
grammar Cat;

// A model: an optional name line (a bare name and/or a quoted title), then statements.
mcm
    : NAME? STRING? statement* EOF
    ;

statement
    : LET NAME EQ expression                                            # letDefinition
    | LET NAME LPAR parameters? RPAR EQ expression                      # functionDefinition
    | LET REC recursiveBinding (AND recursiveBinding)*                  # recursiveDefinition
    | FLAG? NOT? axiomKind expression (AS NAME)?                        # axiomDefinition
    | INCLUDE STRING                                                    # include
    | (SHOW | UNSHOW) showItem (COMMA showItem)*                        # show
    ;

parameters
    : NAME (COMMA NAME)*
    ;

recursiveBinding
    : NAME EQ expression
    ;

axiomKind
    : ACYCLIC
    | IRREFLEXIVE
    | EMPTY
    ;

showItem
    : expression (AS NAME)?
    ;

// Alternatives are listed tightest-binding first; binary operators associate to the left.
expression
    : expression op=STAR expression                                     # cartesian
    | expression POWER? op=(STAR | PLUS | QUESTION)                     # closure
    | expression op=INVERSE                                             # inverse
    | op=NOT expression                                                 # complement
    | expression op=AMP expression                                      # intersection
    | expression op=BACKSLASH expression                                # difference
    | expression op=SEMI expression                                     # composition
    | expression op=BAR expression                                      # union
    | op=LBRACK expression RBRACK                                       # identityOn
    | LPAR expression RPAR                                              # parenthesised
    | NAME LPAR arguments? RPAR                                         # call
    | NAME                                                              # name
    ;

arguments
    : expression (COMMA expression)*
    ;

LET : 'let' ;
REC : 'rec' ;
AND : 'and' ;
AS : 'as' ;
FLAG : 'flag' ;
INCLUDE : 'include' ;
SHOW : 'show' ;
UNSHOW : 'unshow' ;
ACYCLIC : 'acyclic' ;
IRREFLEXIVE : 'irreflexive' ;
EMPTY : 'empty' ;

// Leading keywords of herd constructs catcheck does not implement. The grammar accepts them nowhere, so the
// front end reports them as unsupported instead of misreading them as names.
UNSUPPORTED
    : 'procedure' | 'call' | 'match' | 'if' | 'forall' | 'with' | 'fun' | 'enum' | 'instructions'
    | 'undefined_unless' | 'newSet' | 'newRelation'
    ;

INVERSE : '^-1' ;
POWER : '^' ;
STAR : '*' ;
PLUS : '+' ;
QUESTION : '?' ;
NOT : '~' ;
AMP : '&' ;
BACKSLASH : '\\' ;
SEMI : ';' ;
BAR : '|' ;
EQ : '=' ;
COMMA : ',' ;
LPAR : '(' ;
RPAR : ')' ;
LBRACK : '[' ;
RBRACK : ']' ;

NAME : [A-Za-z0-9\-_.]+ ;
STRING : '"' ~["\r\n]* '"' ;

ML_COMMENT : '(*' (ML_COMMENT | .)*? '*)' -> skip ;
C_COMMENT : '/*' .*? '*/' -> skip ;
LINE_COMMENT : '//' ~[\r\n]* -> skip ;
WS : [ \t\r\n\f]+ -> skip ;

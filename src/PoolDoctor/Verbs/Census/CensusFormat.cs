namespace PoolDoctor.Verbs.Census;

/// <summary>`census --format`: a table for people, census.json for tools and baselines, SARIF for code scanning.</summary>
internal enum CensusFormat
{
    Text,
    Json,
    Sarif,
}

namespace FixIo.Receipts;

/// <summary>Receipts as files under the archive folder (a network share in production).</summary>
public sealed class ReceiptArchive(IConfiguration configuration)
{
    private readonly string _folder = configuration["ReceiptFolder"] ?? Path.Combine(Path.GetTempPath(), "receipts");

    public byte[] Load(int id)
    {
        using var file = File.OpenRead(PathOf(id));
        var content = new byte[file.Length];
        var read = 0;
        while (read < content.Length)
        {
            var n = file.Read(content, read, content.Length - read);
            if (n == 0)
            {
                break;
            }
            read += n;
        }
        return content;
    }

    public void Save(int id, byte[] content)
    {
        Directory.CreateDirectory(_folder);
        using var file = File.Create(PathOf(id));
        file.Write(content, 0, content.Length);
    }

    // The first bytes say the format; a stack buffer, read once.
    public string Header(int id)
    {
        using var file = File.OpenRead(PathOf(id));
        Span<byte> head = stackalloc byte[8];
        var n = file.Read(head);
        return Convert.ToHexString(head[..n]);
    }

    private string PathOf(int id) => Path.Combine(_folder, $"{id}.pdf");
}
